import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { FeedIcon, hostOf } from "../../components/feed-icon.tsx";
import { formatCount, formatRelative } from "../../lib/format.ts";
import { useSubscriptions } from "../../store/subscriptions.store.ts";
import { PageFrame } from "../layout/index.ts";
import { EntryContent } from "../renderer/index.ts";
import { timelinePath } from "../timeline/index.ts";
import { sharedEntryQuery } from "./share-api.ts";
import { ShareButton } from "./share-button.tsx";
import { Card, FollowAction, OutLink, ShareBody, ShareError, ShareLoading } from "./share-parts.tsx";

/**
 * `/share/entries/:id`: one entry of a feed as anyone may read it, signed in or not: its feed,
 * title, author, date and content, then a call to follow the feed. Inbox entries are private and
 * not found here.
 */
export function EntrySharePage() {
  const { t } = useTranslation("app");
  const { id = "" } = useParams();
  const query = useQuery(sharedEntryQuery(id));
  const feedId = query.data?.feed.id ?? "";
  const followed = useSubscriptions((state) => (feedId ? state.byKey[feedId] : undefined));
  return (
    <PageFrame title={t("share_entry.page")} description={t("share_entry.page_description")}>
      {query.isPending ? (
        <ShareLoading />
      ) : query.isError ? (
        <ShareError error={query.error} notFoundText={t("share_entry.not_found")} onRetry={() => void query.refetch()} />
      ) : (
        (() => {
          const { entry, feed, subscriptionCount } = query.data;
          const feedTitle = feed.title ?? hostOf(feed.siteUrl ?? feed.url) ?? feed.url;
          const title = entry.title?.trim() || entry.description?.trim() || t("share.untitled");
          const original = entry.url && /^https?:\/\//i.test(entry.url) ? entry.url : null;
          return (
            <ShareBody>
              <Card label={title}>
                <article data-share-entry={entry.id}>
                  <div className="flex items-center justify-between gap-3">
                    <Link to={`/share/feeds/${feed.id}`} className="flex min-w-0 items-center gap-2 text-sm text-zinc-500 hover:text-orange-600">
                      <FeedIcon image={feed.image} siteUrl={feed.siteUrl} url={feed.url} title={feedTitle} size={20} className="rounded" />
                      <span className="truncate">{feedTitle}</span>
                    </Link>
                    <ShareButton subject={{ kind: "entry", id: entry.id, title, url: entry.url, feedId: feed.id }} />
                  </div>
                  <h2 className="mt-3 text-2xl leading-snug font-semibold break-words" data-testid="share-title">
                    {title}
                  </h2>
                  <p className="mt-1 text-sm text-zinc-500">
                    {entry.author ? <span>{entry.author} · </span> : null}
                    <time dateTime={entry.publishedAt}>{formatRelative(entry.publishedAt)}</time>
                  </p>
                  <div className="mt-5" data-testid="share-entry-content">
                    <EntryContent html={entry.content ?? (entry.description ? `<p>${escapeText(entry.description)}</p>` : null)} {...(original ? { baseUrl: original } : {})} />
                  </div>
                  <div className="mt-6 flex flex-wrap items-center gap-4 border-t border-zinc-100 pt-4 text-sm dark:border-zinc-800">
                    {original ? <OutLink href={original}>{t("share_entry.read_original")}</OutLink> : null}
                    {followed ? (
                      <Link to={timelinePath(followed.view, { kind: "feeds", feedIds: [feed.id] }, entry.id)} className="font-medium text-orange-600 hover:underline">
                        {t("share_entry.read_in_timeline")}
                      </Link>
                    ) : null}
                  </div>
                </article>
              </Card>
              <Card label={t("share_entry.follow_label")}>
                <div className="flex items-center gap-4">
                  <span className="flex shrink-0 rounded-xl bg-zinc-100 dark:bg-zinc-800">
                    <FeedIcon image={feed.image} siteUrl={feed.siteUrl} url={feed.url} title={feedTitle} size={48} className="rounded-xl" />
                  </span>
                  <div className="min-w-0 flex-1">
                    <p className="font-medium">{t("share_entry.follow_cta", { title: feedTitle })}</p>
                    <p className="text-sm text-zinc-500">
                      {formatCount(subscriptionCount)} {t("share.followers", { count: subscriptionCount })}
                    </p>
                  </div>
                  <FollowAction target={{ kind: "feed", id: feed.id, url: feed.url, view: 0 }} title={feedTitle} />
                </div>
              </Card>
            </ShareBody>
          );
        })()
      )}
    </PageFrame>
  );
}

/** Text as HTML: the description of an entry without content is plain text. */
function escapeText(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
