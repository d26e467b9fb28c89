import { HandCoins, Rocket } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useSource } from "../../store/sources.store.ts";
import { openBoostDialog } from "./boost-dialog.tsx";
import { usePowerEnabled } from "./power-config.ts";
import { BUTTON } from "./styles.ts";
import { openTipDialog } from "./tip-dialog.tsx";

/**
 * "Support the creator" under an entry (reference facts §7): Tip the entry, Boost its feed. Only
 * for entries of a feed, and only when the instance has POWER on (read from what the app knows:
 * the reader sends no request of its own).
 */
export function SupportCreator({ entryId, feedId, title }: { entryId: string; feedId: string | null; title: string | null }) {
  const { t } = useTranslation("app");
  const power = usePowerEnabled({ fetch: false });
  const source = useSource(feedId);
  if (!power || !feedId) return null;
  const feedTitle = source?.type === "feed" ? (source.title ?? source.url) : (title ?? "");
  return (
    <section aria-label={t("power.support.title")} className="mt-12 flex flex-col items-center gap-3 border-t border-zinc-100 pt-6 dark:border-zinc-800" data-print-hide>
      <p className="text-sm text-zinc-500">{t("power.support.intro")}</p>
      <div className="flex flex-wrap justify-center gap-2">
        <button type="button" className={`${BUTTON} text-sm`} onClick={() => openTipDialog({ entryId, feedId, ...(title ? { title } : {}) })}>
          <HandCoins className="size-4" aria-hidden />
          {t("entry_actions.tip")}
        </button>
        <button type="button" className={`${BUTTON} text-sm`} onClick={() => openBoostDialog({ feedId, title: feedTitle })}>
          <Rocket className="size-4" aria-hidden />
          {t("power.boost.title")}
        </button>
      </div>
    </section>
  );
}
