import type { FeedView } from "@tidings/contracts";
import { ArrowLeft, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useIsMobile } from "../../lib/media.ts";
import { useUISetting } from "../../store/settings.store.ts";
import { EntryToolbar } from "../entry-actions/index.ts";

export interface EntryTopBarProps {
  entryId: string | null;
  view: FeedView;
  onClose: () => void;
}

const BUTTON =
  "inline-flex size-8 items-center justify-center rounded-md text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 focus-visible:ring-2 focus-visible:ring-orange-500 focus-visible:outline-none dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100";

/**
 * The bar above the article: close (or, where the reader covers the list — mobile and wide mode —
 * back), and the entry toolbar. It stays put while the article scrolls under it.
 */
export function EntryTopBar({ entryId, view, onClose }: EntryTopBarProps) {
  const { t } = useTranslation("app");
  const mobile = useIsMobile();
  const wide = useUISetting("wideMode");
  const back = mobile || wide;
  const label = back ? t("entry.back") : t("entry.close");
  return (
    <div className="flex h-12 shrink-0 items-center gap-2 border-b border-zinc-200 bg-white/90 px-3 backdrop-blur dark:border-zinc-800 dark:bg-zinc-950/90" data-print-hide>
      <button type="button" className={BUTTON} aria-label={label} title={label} onClick={onClose} data-testid="entry-close">
        {back ? <ArrowLeft className="size-[18px]" aria-hidden /> : <X className="size-[18px]" aria-hidden />}
      </button>
      <div className="min-w-0 flex-1" />
      {entryId ? <EntryToolbar entryId={entryId} view={view} /> : null}
    </div>
  );
}
