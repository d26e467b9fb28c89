import type { FeedSummary, ListSummary } from "@tidings/contracts";
import { useQuery } from "@tanstack/react-query";
import { Flame } from "lucide-react";
import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { FeedIcon, hostOf } from "../../components/feed-icon.tsx";
import { formatCount } from "../../lib/format.ts";
import { toastError } from "../toast/index.ts";
import { trendingQuery } from "./discover-api.ts";
import { FollowButton } from "./follow-button.tsx";
import { BoostBadge } from "../power/boot.ts";
import { usePaidListToggle } from "./paid-list-toggle.ts";
import { useFollowToggle } from "./use-follow-toggle.ts";

/** Trending on this instance (GET /trending): the week's most followed feeds and lists, and most read entries. */
export function Trending() {
  const { t } = useTranslation("app");
  const trending = useQuery(trendingQuery);
  useEffect(() => {
    if (trending.error) toastError(trending.error);
  }, [trending.error]);
  if (trending.isError) return null;
  if (trending.isPending) {
    return (
      <div role="status" className="grid gap-3 lg:grid-cols-3">
        <span className="sr-only">{t("discover.loading")}</span>
        {[0, 1, 2].map((index) => (
          <div key={index} className="h-48 animate-pulse rounded-xl bg-zinc-100 dark:bg-zinc-800/60" />
        ))}
      </div>
    );
  }
  const { trendingFeeds, trendingLists, trendingEntries } = trending.data;
  if (trendingFeeds.length + trendingLists.length + trendingEntries.length === 0) {
    return <p className="rounded-xl border border-dashed border-zinc-300 p-6 text-center text-sm text-zinc-500 dark:border-zinc-700">{t("discover.trending_empty")}</p>;
  }
  const feedTitles = new Map(trendingFeeds.map((feed) => [feed.id, feed.title ?? hostOf(feed.siteUrl) ?? feed.url]));
  return (
    <div className="grid gap-3 lg:grid-cols-3">
      <Column title={t("discover.trending_feeds")} empty={t("discover.trending_none")}>
        {trendingFeeds.slice(0, 8).map((feed) => (
          <FeedRow key={feed.id} feed={feed} />
        ))}
      </Column>
      <Column title={t("discover.trending_lists")} empty={t("discover.trending_none")}>
        {trendingLists.slice(0, 8).map((list) => (
          <ListRow key={list.id} list={list} />
        ))}
      </Column>
      <Column title={t("discover.trending_entries")} empty={t("discover.trending_none")}>
        {trendingEntries.slice(0, 8).map((entry) => (
          <li key={entry.id} className="flex items-start gap-2 px-3 py-2">
            <Flame className="mt-0.5 size-3.5 shrink-0 text-orange-500" aria-hidden />
            <div className="min-w-0 flex-1">
              {entry.url ? (
                <a href={entry.url} target="_blank" rel="noreferrer noopener" className="line-clamp-2 text-sm hover:text-orange-600 hover:underline">
                  {entry.title || entry.url}
                </a>
              ) : (
                <p className="line-clamp-2 text-sm">{entry.title}</p>
              )}
              <p className="truncate text-[11px] text-zinc-400">
                {[entry.feedId ? feedTitles.get(entry.feedId) : null, t("discover.reads", { count: entry.readCount, formatted: formatCount(entry.readCount) })].filter(Boolean).join(" · ")}
              </p>
            </div>
          </li>
        ))}
      </Column>
    </div>
  );
}

function Column({ title, empty, children }: { title: string; empty: string; children: ReactNode[] }) {
  return (
    <section aria-label={title} className="rounded-xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900/60">
      <h3 className="border-b border-zinc-100 px-3 py-2 text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:border-zinc-800">{title}</h3>
      {/* Titles and names here are readers' content, in whatever language they were written. */}
      {children.length ? <ul data-user-content className="divide-y divide-zinc-100 dark:divide-zinc-800">{children}</ul> : <p className="px-3 py-4 text-xs text-zinc-400">{empty}</p>}
    </section>
  );
}

function FeedRow({ feed }: { feed: FeedSummary & { subscriptionCount: number } }) {
  const { t } = useTranslation("app");
  const toggle = useFollowToggle({ feed, view: 0 }, { subscriptionCount: feed.subscriptionCount });
  const title = feed.title ?? feed.url;
  return (
    <li className="flex items-center gap-2.5 px-3 py-2">
      <span className="flex shrink-0 rounded bg-zinc-100 dark:bg-zinc-800">
        <FeedIcon image={feed.image} siteUrl={feed.siteUrl} url={feed.url} title={title} size={24} />
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex min-w-0 items-center gap-1.5">
          <span className="truncate text-sm font-medium">{title}</span>
          <BoostBadge boost={feed.boost} />
        </p>
        <p className="truncate text-[11px] text-zinc-400">{t("discover.followers", { count: toggle.count, formatted: formatCount(toggle.count) })}</p>
      </div>
      <FollowButton toggle={toggle} title={title} size="sm" />
    </li>
  );
}

function ListRow({ list }: { list: ListSummary }) {
  const { t } = useTranslation("app");
  const { button: toggle } = usePaidListToggle(useFollowToggle({ list }, { subscriptionCount: list.subscriptionCount ?? 0 }), list);
  return (
    <li className="flex items-center gap-2.5 px-3 py-2">
      <span className="flex shrink-0 rounded bg-zinc-100 dark:bg-zinc-800">
        <FeedIcon image={list.image} title={list.title} size={24} />
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">{list.title}</p>
        <p className="truncate text-[11px] text-zinc-400">
          {[list.owner?.name, t("discover.followers", { count: toggle.count, formatted: formatCount(toggle.count) })].filter(Boolean).join(" · ")}
        </p>
      </div>
      <FollowButton toggle={toggle} title={list.title} size="sm" />
    </li>
  );
}
