import type { FeedSubscription, ListSubscription } from "@tidings/contracts";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { FeedIcon, hostOf } from "../../components/feed-icon.tsx";
import { PageFrame } from "../layout/index.ts";
import { Avatar } from "./avatar.tsx";
import { sharedUserQuery } from "./share-api.ts";
import { Card, CardHeading, FollowAction, ShareBody, ShareError, ShareLoading } from "./share-parts.tsx";

/** `/share/users/:id`: a person's public page (facts §7): who they are and what they follow publicly. */
export function UserSharePage() {
  const { t } = useTranslation("app");
  const { id = "" } = useParams();
  const query = useQuery(sharedUserQuery(id));
  return (
    <PageFrame title={t("share.user_page")} description={t("share.user_page_description")}>
      {query.isPending ? (
        <ShareLoading />
      ) : query.isError ? (
        <ShareError error={query.error} notFoundText={t("share.user_not_found")} onRetry={() => void query.refetch()} />
      ) : (
        (() => {
          const { user, subscriptions } = query.data;
          const name = user.name ?? user.handle ?? t("share.someone");
          const feeds = subscriptions.filter((s): s is FeedSubscription => "feedId" in s);
          const lists = subscriptions.filter((s): s is ListSubscription => "listId" in s);
          return (
            <ShareBody>
              <Card label={name}>
                <div className="flex items-center gap-4">
                  <Avatar image={user.image} name={name} size={64} />
                  <div className="min-w-0 flex-1">
                    <h2 className="truncate text-xl font-semibold" data-testid="share-title">
                      {name}
                    </h2>
                    {user.handle ? <p className="truncate text-sm text-zinc-500">@{user.handle}</p> : null}
                    {user.bio ? <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{user.bio}</p> : null}
                  </div>
                </div>
              </Card>
              <Card label={t("share.user_feeds")}>
                <CardHeading>{t("share.user_feeds_count", { count: feeds.length })}</CardHeading>
                {feeds.length === 0 ? (
                  <p className="text-sm text-zinc-400">{t("share.user_no_feeds")}</p>
                ) : (
                  <ul aria-label={t("share.user_feeds")} className="divide-y divide-zinc-100 dark:divide-zinc-800">
                    {feeds.map((subscription) => {
                      const feed = subscription.feeds;
                      const title = subscription.title ?? feed.title ?? feed.url;
                      return (
                        <SourceRow
                          key={feed.id}
                          to={`/share/feeds/${feed.id}?view=${subscription.view}`}
                          icon={<FeedIcon image={feed.image} siteUrl={feed.siteUrl} url={feed.url} title={title} size={28} className="rounded-md" />}
                          title={title}
                          subtitle={hostOf(feed.siteUrl) ?? feed.url}
                          action={<FollowAction size="sm" target={{ kind: "feed", id: feed.id, url: feed.url, view: subscription.view }} title={title} />}
                        />
                      );
                    })}
                  </ul>
                )}
              </Card>
              <Card label={t("share.user_lists")}>
                <CardHeading>{t("share.user_lists_count", { count: lists.length })}</CardHeading>
                {lists.length === 0 ? (
                  <p className="text-sm text-zinc-400">{t("share.user_no_lists")}</p>
                ) : (
                  <ul aria-label={t("share.user_lists")} className="divide-y divide-zinc-100 dark:divide-zinc-800">
                    {lists.map((subscription) => {
                      const list = subscription.lists;
                      return (
                        <SourceRow
                          key={list.id}
                          to={`/share/lists/${list.id}`}
                          icon={<FeedIcon image={list.image} title={list.title} size={28} className="rounded-md" />}
                          title={subscription.title ?? list.title}
                          subtitle={t("share.feeds", { count: list.feedIds.length })}
                          action={<FollowAction size="sm" target={{ kind: "list", id: list.id, view: list.view }} title={list.title} />}
                        />
                      );
                    })}
                  </ul>
                )}
              </Card>
            </ShareBody>
          );
        })()
      )}
    </PageFrame>
  );
}

/** One followed source of the person: icon, title (to its share page), a line under it, Follow. */
function SourceRow({ to, icon, title, subtitle, action }: { to: string; icon: React.ReactNode; title: string; subtitle: string; action: React.ReactNode }) {
  return (
    <li className="flex items-center gap-3 py-2.5">
      <span className="flex shrink-0 rounded-md bg-zinc-100 dark:bg-zinc-800">{icon}</span>
      <div className="min-w-0 flex-1">
        <Link to={to} className="block truncate text-sm font-medium hover:text-orange-600">
          {title}
        </Link>
        <p className="truncate text-xs text-zinc-500">{subtitle}</p>
      </div>
      {action}
    </li>
  );
}
