import type { FeedSubscription } from "@tidings/contracts";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { SettingGroup } from "../../components/settings/setting-row.tsx";
import { SettingsSection } from "../../components/settings/settings-section.tsx";
import { formatDateTime } from "../../lib/format.ts";
import { subscriptionTitle, useSubscriptions } from "../../store/subscriptions.store.ts";
import { GeneralSwitch } from "./bound-settings.tsx";

/** The followed feeds, those failing to fetch first, then by title. */
export function feedsByHealth(subscriptions: Iterable<unknown>): FeedSubscription[] {
  const feeds = [...subscriptions].filter((s): s is FeedSubscription => typeof s === "object" && s !== null && "feedId" in s);
  return feeds.sort((a, b) => Number(Boolean(b.feeds.errorAt)) - Number(Boolean(a.feeds.errorAt)) || subscriptionTitle(a).localeCompare(subscriptionTitle(b)));
}

function FeedTable() {
  const { t, i18n } = useTranslation("settings");
  const feeds = feedsByHealth(Object.values(useSubscriptions((state) => state.byKey)));
  if (feeds.length === 0) return <p className="py-3 text-sm text-zinc-500">{t("feeds.none")}</p>;
  return (
    <table className="w-full text-left text-sm">
      <thead className="text-xs text-zinc-500">
        <tr>
          <th className="py-2 font-medium">{t("feeds.column_feed")}</th>
          <th className="py-2 font-medium">{t("feeds.column_view")}</th>
          <th className="py-2 font-medium">{t("feeds.column_status")}</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
        {feeds.map((feed) => (
          <tr key={feed.feedId} data-feed-id={feed.feedId}>
            <td className="max-w-64 truncate py-2 pr-3">
              <Link to={`/timeline/view-${feed.view}/${feed.feedId}`} className="hover:underline">
                {subscriptionTitle(feed)}
              </Link>
              <p className="truncate text-xs text-zinc-500">{feed.feeds.url}</p>
            </td>
            <td className="py-2 pr-3 text-zinc-600 dark:text-zinc-400">{t(`common:views.${feed.view}`)}</td>
            <td className="py-2">
              {feed.feeds.errorAt ? (
                <span className="text-red-600 dark:text-red-400" title={feed.feeds.errorMessage ?? undefined}>
                  {t("feeds.error_since", { date: formatDateTime(feed.feeds.errorAt, i18n.language) })}
                </span>
              ) : (
                <span className="text-emerald-600 dark:text-emerald-400">{t("feeds.ok")}</span>
              )}
              {feed.feeds.rsshubFallback ? (
                <p className="text-xs text-amber-700 dark:text-amber-400" data-testid="feed-rsshub-fallback">
                  {feed.feeds.rsshubFallback}
                </p>
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Settings → Feeds: how subscriptions are listed, and the health of every followed feed. */
export function FeedsSettings() {
  const { t } = useTranslation("settings");
  return (
    <SettingsSection tab="feeds">
      <SettingGroup title={t("feeds.group_sidebar")}>
        <GeneralSwitch name="autoGroup" />
        <GeneralSwitch name="hideAllReadSubscriptions" />
        <GeneralSwitch name="hidePrivateSubscriptionsInTimeline" />
      </SettingGroup>
      <SettingGroup title={t("feeds.group_health")}>
        <FeedTable />
      </SettingGroup>
    </SettingsSection>
  );
}
