import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { FeedIcon } from "../../components/feed-icon.tsx";
import { formatCount } from "../../lib/format.ts";
import { sessionQuery } from "../../queries/session.ts";
import { useSubscriptions } from "../../store/subscriptions.store.ts";
import { PageFrame } from "../layout/index.ts";
import { timelinePath } from "../timeline/index.ts";
import { Avatar } from "../../components/avatar.tsx";
import { publicShareQuery, sharedListQuery } from "./share-api.ts";
import { ShareButton } from "./share-button.tsx";
import { Card, CardHeading, EntryPreviewList, FollowAction, ShareBody, ShareError, ShareHero, ShareLoading, Stat } from "./share-parts.tsx";

/**
 * `/share/lists/:id`: a list's public page (facts §7): owner, fee, its feeds, newest entries and
 * Follow. Visitors who are not signed in see it too (the public call, without their subscription).
 */
export function ListSharePage() {
  const { t } = useTranslation("app");
  const { id = "" } = useParams();
  const { data: session, isPending: sessionPending } = useQuery(sessionQuery);
  const full = useQuery({ ...sharedListQuery(id), enabled: Boolean(session) });
  const open = useQuery({ ...publicShareQuery.list(id), enabled: !sessionPending && !session });
  const query = session ? full : open;
  const followed = useSubscriptions((state) => state.byKey[id]);
  return (
    <PageFrame title={t("share.list_page")} description={t("share.list_page_description")}>
      {sessionPending || query.isPending ? (
        <ShareLoading />
      ) : query.isError ? (
        <ShareError error={query.error} notFoundText={t("share.list_not_found")} onRetry={() => void query.refetch()} />
      ) : (
        (() => {
          const { list, entries, feedCount, subscriptionCount, subscription } = query.data!;
          const owner = list.owner;
          const ownerName = owner ? (owner.name ?? owner.handle ?? t("share.someone")) : null;
          const feeds = list.feeds ?? [];
          return (
            <ShareBody>
              <ShareHero
                image={list.image}
                title={list.title}
                subtitle={
                  owner && ownerName ? (
                    <Link to={`/share/users/${owner.id}`} className="inline-flex items-center gap-1.5 hover:text-orange-600">
                      <Avatar image={owner.image} name={ownerName} size={18} />
                      <span>{t("share.list_by", { name: ownerName })}</span>
                    </Link>
                  ) : null
                }
                action={
                  <div className="flex shrink-0 items-center gap-2">
                    <ShareButton subject={{ kind: "list", id: list.id, title: list.title }} />
                    <FollowAction target={{ kind: "list", id: list.id, view: list.view }} title={list.title} initiallyFollowed={!!subscription} />
                  </div>
                }
              >
                {list.description ? <p className="mt-4 text-sm text-zinc-600 dark:text-zinc-400">{list.description}</p> : null}
                <div className="mt-4 flex gap-8 border-t border-zinc-100 pt-4 dark:border-zinc-800">
                  <Stat value={formatCount(subscriptionCount)} label={t("share.followers", { count: subscriptionCount })} />
                  <Stat value={formatCount(feedCount)} label={t("share.feeds_label", { count: feedCount })} />
                  <Stat value={list.fee > 0 ? formatCount(list.fee) : t("share.free")} label={t("share.fee")} />
                </div>
              </ShareHero>
              <Card label={t("share.feeds_in_list")}>
                <CardHeading>{t("share.feeds_in_list")}</CardHeading>
                {feeds.length === 0 ? (
                  <p className="text-sm text-zinc-400">{t("share.list_empty")}</p>
                ) : (
                  <ul aria-label={t("share.feeds_in_list")} className="grid gap-1 sm:grid-cols-2">
                    {feeds.map((feed) => (
                      <li key={feed.id}>
                        <Link to={`/share/feeds/${feed.id}?view=${list.view}`} className="flex items-center gap-2.5 rounded-lg px-2 py-1.5 text-sm hover:bg-zinc-100 dark:hover:bg-zinc-800">
                          <FeedIcon image={feed.image} siteUrl={feed.siteUrl} url={feed.url} title={feed.title} size={20} className="rounded" />
                          <span className="truncate">{feed.title ?? feed.url}</span>
                        </Link>
                      </li>
                    ))}
                  </ul>
                )}
              </Card>
              <Card label={t("share.latest_entries")}>
                <CardHeading>{t("share.latest_entries")}</CardHeading>
                <EntryPreviewList
                  label={t("share.latest_entries")}
                  entries={entries.map((item) => ({ entry: item.entries, source: item.feeds.title }))}
                  readPath={(entry) => (followed ? timelinePath(followed.view, { kind: "list", listId: list.id }, entry.id) : `/share/entries/${entry.id}`)}
                />
              </Card>
            </ShareBody>
          );
        })()
      )}
    </PageFrame>
  );
}
