import type { FeedSubscription, ListSubscription, PublicUser, Subscription } from "@tidings/contracts";
import { useQuery } from "@tanstack/react-query";
import { Globe } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { FeedIcon, hostOf } from "../../components/feed-icon.tsx";
import { sessionQuery } from "../../queries/session.ts";
import { socialHref, socialLabel } from "../account/index.ts";
import { PageFrame } from "../layout/index.ts";
import { Avatar } from "../../components/avatar.tsx";
import { publicShareQuery, sharedUserQuery } from "./share-api.ts";
import { ShareButton } from "./share-button.tsx";
import { Card, CardHeading, FollowAction, OutLink, ShareBody, ShareError, ShareLoading } from "./share-parts.tsx";

/**
 * `/share/users/:id` and `/u/:handle`: a person's public page (facts §7): who they are (avatar,
 * bio, website, social links) and what they follow publicly (subscriptions not marked private).
 * Visitors who are not signed in see it through the public call.
 */
export function UserSharePage() {
  const { t } = useTranslation("app");
  const { id, handle } = useParams();
  const key = handle ? `@${handle}` : (id ?? "");
  const { data: session, isPending: sessionPending } = useQuery(sessionQuery);
  const full = useQuery({ ...sharedUserQuery(key), enabled: Boolean(session) });
  const open = useQuery({ ...publicShareQuery.user(key), enabled: !sessionPending && !session });
  const query = session ? full : open;
  return (
    <PageFrame title={t("share.user_page")} description={t("share.user_page_description")}>
      {sessionPending || query.isPending ? (
        <ShareLoading />
      ) : query.isError ? (
        <ShareError error={query.error} notFoundText={t("share.user_not_found")} onRetry={() => void query.refetch()} />
      ) : (
        <ShareBody>
          <ProfileCard user={query.data!.user} />
          <PublicSubscriptions subscriptions={query.data!.subscriptions} />
        </ShareBody>
      )}
    </PageFrame>
  );
}

/** Avatar, name, handle, bio, website and social links. */
function ProfileCard({ user }: { user: PublicUser }) {
  const { t } = useTranslation("app");
  const name = user.name ?? user.handle ?? t("share.someone");
  const links = Object.entries(user.socialLinks ?? {})
    .map(([key, value]) => ({ key, href: socialHref(key, value), value }))
    .filter((link): link is { key: string; href: string; value: string } => link.href !== null);
  return (
    <Card label={name}>
      <div className="flex items-start gap-4">
        <Avatar image={user.image} name={name} size={64} />
        <div className="min-w-0 flex-1">
          <div className="flex items-start gap-2">
            <h2 className="min-w-0 flex-1 truncate text-xl font-semibold" data-testid="share-title">
              {name}
            </h2>
            <ShareButton subject={{ kind: "user", id: user.id, title: name, handle: user.handle }} />
          </div>
          {user.handle ? <p className="truncate text-sm text-zinc-500">@{user.handle}</p> : null}
          {user.bio ? (
            <p className="mt-2 text-sm whitespace-pre-line text-zinc-600 dark:text-zinc-400" data-testid="profile-bio">
              {user.bio}
            </p>
          ) : null}
          {user.website && /^https?:\/\//i.test(user.website) ? (
            <p className="mt-2 flex items-center gap-1.5 text-sm">
              <Globe className="size-4 text-zinc-400" aria-hidden />
              <OutLink href={user.website}>{hostOf(user.website) ?? user.website}</OutLink>
            </p>
          ) : null}
          {links.length ? (
            <ul aria-label={t("share.social_links")} className="mt-2 flex flex-wrap gap-2">
              {links.map((link) => (
                <li key={link.key}>
                  <a href={link.href} target="_blank" rel="noopener noreferrer" className="rounded-full bg-zinc-100 px-2.5 py-1 text-xs font-medium hover:bg-zinc-200 dark:bg-zinc-800 dark:hover:bg-zinc-700">
                    {socialLabel(link.key)}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
    </Card>
  );
}

/** The feeds and lists the person follows publicly, each with Follow. */
function PublicSubscriptions({ subscriptions }: { subscriptions: Subscription[] }) {
  const { t } = useTranslation("app");
  const feeds = subscriptions.filter((s): s is FeedSubscription => "feedId" in s);
  const lists = subscriptions.filter((s): s is ListSubscription => "listId" in s);
  return (
    <>
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
    </>
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
