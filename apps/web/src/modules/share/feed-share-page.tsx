import { FEED_VIEWS, type FeedView } from "@tidings/contracts";
import { useQuery } from "@tanstack/react-query";
import { Rocket } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useParams, useSearchParams } from "react-router";
import { hostOf } from "../../components/feed-icon.tsx";
import { formatCount } from "../../lib/format.ts";
import { sessionQuery } from "../../queries/session.ts";
import { useSubscriptions } from "../../store/subscriptions.store.ts";
import { PageFrame } from "../layout/index.ts";
import { BoostBadge, openBoostDialog, usePowerEnabled } from "../power/boot.ts";
import { timelinePath } from "../timeline/index.ts";
import { publicShareQuery, sharedFeedQuery } from "./share-api.ts";
import { ShareButton } from "./share-button.tsx";
import { Card, CardHeading, EntryPreviewList, FollowAction, OutLink, ShareBody, ShareError, ShareHero, ShareLoading, Stat } from "./share-parts.tsx";

/** The `?view=` of a share link: the view the follow dialog proposes (0 when absent or wrong). */
export function viewParam(value: string | null): FeedView {
  const view = Number(value);
  return value !== null && (FEED_VIEWS as readonly number[]).includes(view) ? (view as FeedView) : 0;
}

/**
 * `/share/feeds/:id?view=`: a feed's public page (facts §7) with its numbers, newest entries and
 * Follow. Visitors who are not signed in see it too (the public call, without their subscription).
 */
export function FeedSharePage() {
  const { t } = useTranslation("app");
  const { id = "" } = useParams();
  const [search] = useSearchParams();
  const { data: session, isPending: sessionPending } = useQuery(sessionQuery);
  const full = useQuery({ ...sharedFeedQuery(id), enabled: Boolean(session) });
  const open = useQuery({ ...publicShareQuery.feed(id), enabled: !sessionPending && !session });
  const query = session ? full : open;
  const followed = useSubscriptions((state) => state.byKey[id]);
  const power = usePowerEnabled();
  return (
    <PageFrame title={t("share.feed_page")} description={t("share.feed_page_description")}>
      {sessionPending || query.isPending ? (
        <ShareLoading />
      ) : query.isError ? (
        <ShareError error={query.error} notFoundText={t("share.feed_not_found")} onRetry={() => void query.refetch()} />
      ) : (
        (() => {
          const { feed, analytics, entries, subscription } = query.data!;
          const title = feed.title ?? feed.url;
          const view = followed?.view ?? subscription?.view ?? viewParam(search.get("view"));
          const site = feed.siteUrl && /^https?:\/\//i.test(feed.siteUrl) ? feed.siteUrl : null;
          return (
            <ShareBody>
              <ShareHero
                image={feed.image}
                siteUrl={feed.siteUrl}
                url={feed.url}
                title={title}
                subtitle={site ? <OutLink href={site}>{hostOf(site) ?? site}</OutLink> : <span className="font-mono text-xs">{feed.url}</span>}
                action={
                  <div className="flex shrink-0 items-center gap-2">
                    {power ? <BoostBadge boost={feed.boost} /> : null}
                    <ShareButton subject={{ kind: "feed", id: feed.id, title, view }} />
                    {session && power ? (
                      <button
                        type="button"
                        onClick={() => openBoostDialog({ feedId: feed.id, title })}
                        aria-label={t("power.boost.title")}
                        title={t("power.boost.title")}
                        className="inline-flex shrink-0 items-center rounded-lg border border-zinc-300 p-1.5 text-zinc-600 hover:bg-zinc-100 dark:border-zinc-700 dark:text-zinc-300 dark:hover:bg-zinc-800"
                      >
                        <Rocket className="size-4" aria-hidden />
                      </button>
                    ) : null}
                    <FollowAction target={{ kind: "feed", id: feed.id, url: feed.url, view }} title={title} initiallyFollowed={!!subscription} />
                  </div>
                }
              >
                {feed.description ? <p className="mt-4 text-sm text-zinc-600 dark:text-zinc-400">{feed.description}</p> : null}
                <div className="mt-4 flex gap-8 border-t border-zinc-100 pt-4 dark:border-zinc-800">
                  <Stat value={formatCount(analytics.subscriptionCount)} label={t("share.followers", { count: analytics.subscriptionCount })} />
                  <Stat value={analytics.updatesPerWeek === null ? "–" : formatCount(analytics.updatesPerWeek)} label={t("share.updates_per_week")} />
                </div>
              </ShareHero>
              <Card label={t("share.latest_entries")}>
                <CardHeading>{t("share.latest_entries")}</CardHeading>
                <EntryPreviewList
                  label={t("share.latest_entries")}
                  entries={entries.map((entry) => ({ entry }))}
                  readPath={(entry) => (followed ? timelinePath(followed.view, { kind: "feeds", feedIds: [feed.id] }, entry.id) : `/share/entries/${entry.id}`)}
                />
              </Card>
            </ShareBody>
          );
        })()
      )}
    </PageFrame>
  );
}
