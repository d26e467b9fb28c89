import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/**
 * The open entry of a wide view (SocialMedia, Pictures, Videos): a panel over the right side of
 * the list (facts §7: no separate reading pane). The reader inside has its own close button;
 * Escape or a click beside the panel also goes back to the list.
 */
export function EntrySheet({ onClose, children, full }: { onClose: () => void; children: ReactNode; full: boolean }) {
  const { t } = useTranslation("app");
  return (
    <div className="absolute inset-0 z-30 flex justify-end" data-testid="entry-sheet">
      <button type="button" tabIndex={-1} aria-label={t("timeline.close_entry")} className="absolute inset-0 cursor-default bg-zinc-950/25 dark:bg-black/50" onClick={onClose} />
      <section
        className="relative flex h-full w-full flex-col border-l border-zinc-200 bg-white shadow-2xl dark:border-zinc-800 dark:bg-zinc-950"
        style={full ? undefined : { maxWidth: "min(820px, 92%)" }}
        aria-label={t("timeline.entry_panel")}
      >
        <div className="min-h-0 flex-1">{children}</div>
      </section>
    </div>
  );
}
