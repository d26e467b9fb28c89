import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { toastError } from "../toast/index.ts";
import { ownedFeedsQuery, usePowerActions } from "./power-api.ts";
import { PowerAmount } from "./power-ui.tsx";
import { BUTTON, CARD, HINT } from "./styles.ts";

/**
 * The feeds the reader claimed, with the tips that waited for their claim and a button to collect
 * them. Shown only to owners.
 */
export function OwnedFeeds() {
  const { t } = useTranslation("app");
  const owned = useQuery(ownedFeedsQuery);
  const actions = usePowerActions();
  const [pending, setPending] = useState<string | null>(null);
  const feeds = Array.isArray(owned.data) ? owned.data : [];
  if (feeds.length === 0) return null;

  const collect = async (feedId: string) => {
    setPending(feedId);
    try {
      await actions.claimFeedTips(feedId);
      toast.success(t("power.feeds.collected"));
      void owned.refetch();
    } catch (error) {
      toastError(error);
    } finally {
      setPending(null);
    }
  };

  return (
    <section aria-labelledby="power-feeds-title" className={CARD}>
      <div>
        <h3 id="power-feeds-title" className="text-sm font-semibold">
          {t("power.feeds.title")}
        </h3>
        <p className={HINT}>{t("power.feeds.intro")}</p>
      </div>
      <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
        {feeds.map(({ feed, tipAmount }) => (
          <li key={feed.id} className="flex items-center gap-3 py-2 text-sm">
            <span className="min-w-0 flex-1 truncate" data-user-content>
              {feed.title ?? feed.url}
            </span>
            {tipAmount && tipAmount !== "0" ? <PowerAmount units={tipAmount} /> : null}
            <button type="button" className={BUTTON} disabled={pending !== null} aria-busy={pending === feed.id || undefined} onClick={() => void collect(feed.id)}>
              {t("power.feeds.collect")}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
