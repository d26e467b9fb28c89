import type { Entry } from "@tidings/contracts";
import { Rss, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { FeedIcon, hostOf } from "../../components/feed-icon.tsx";
import { formatCount, formatRelative } from "../../lib/format.ts";
import type { FeedPreview, ListPreview } from "./follow-queries.ts";
import { entryThumbnail } from "./infer-view.ts";

/** Entries the preview shows: enough to judge a feed, few enough for a dialog. */
export const PREVIEW_ENTRY_COUNT = 4;

/** The newest entries of a feed or list: title, time and thumbnail. */
export function PreviewEntries({ entries, limit = PREVIEW_ENTRY_COUNT }: { entries: Entry[]; limit?: number }) {
  const { t, i18n } = useTranslation("app");
  if (!entries.length) return <p className="px-3 py-3 text-xs text-zinc-500">{t("follow.preview_empty")}</p>;
  return (
    <ul aria-label={t("follow.preview_entries")} className="divide-y divide-zinc-100 dark:divide-zinc-800">
      {entries.slice(0, limit).map((entry) => {
        const thumbnail = entryThumbnail(entry);
        return (
          <li key={entry.id} className="flex items-center gap-3 px-3 py-2">
            <div className="min-w-0 flex-1">
              <p className="line-clamp-1 text-sm text-zinc-800 dark:text-zinc-200">{entry.title || entry.description || t("follow.untitled")}</p>
              <time dateTime={entry.publishedAt} className="text-xs text-zinc-500">
                {formatRelative(entry.publishedAt, new Date(), i18n.language)}
              </time>
            </div>
            {thumbnail ? <img src={thumbnail} alt="" loading="lazy" className="size-10 shrink-0 rounded-md bg-zinc-100 object-cover dark:bg-zinc-800" /> : null}
          </li>
        );
      })}
    </ul>
  );
}

const CARD = "overflow-hidden rounded-xl border border-zinc-200 bg-zinc-50/60 dark:border-zinc-800 dark:bg-zinc-900/60";

/** The live preview of a feed: what it is, how often it updates, who follows it, its newest entries (`entryCount` of them). */
export function FeedPreviewCard({ preview, entryCount }: { preview: FeedPreview; entryCount?: number }) {
  const { t } = useTranslation("app");
  const { feed, analytics } = preview;
  const title = feed.title ?? hostOf(feed.siteUrl) ?? feed.url;
  return (
    <section aria-label={t("follow.preview")} data-testid="follow-preview" className={CARD}>
      <header className="flex items-center gap-3 border-b border-zinc-200 px-3 py-2.5 dark:border-zinc-800">
        <span className="size-8 shrink-0 overflow-hidden rounded-md bg-zinc-200 dark:bg-zinc-800">
          <FeedIcon image={feed.image} siteUrl={feed.siteUrl} url={feed.url} title={feed.title} size={32} className="rounded-md" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold text-zinc-900 dark:text-zinc-100">{title}</p>
          <p className="flex items-center gap-3 text-xs text-zinc-500">
            {feed.siteUrl ? <span className="truncate">{hostOf(feed.siteUrl)}</span> : null}
            <span className="flex shrink-0 items-center gap-1">
              <Users aria-hidden className="size-3" />
              {t("follow.followers", { count: preview.subscriptionCount, formatted: formatCount(preview.subscriptionCount) })}
            </span>
            {analytics.updatesPerWeek ? (
              <span className="flex shrink-0 items-center gap-1">
                <Rss aria-hidden className="size-3" />
                {t("follow.updates_per_week", { count: Math.round(analytics.updatesPerWeek) })}
              </span>
            ) : null}
          </p>
        </div>
        {preview.subscription ? (
          <span className="shrink-0 rounded-full bg-orange-500/10 px-2 py-0.5 text-xs font-medium text-orange-600 dark:text-orange-400">{t("follow.already_following")}</span>
        ) : null}
      </header>
      <PreviewEntries entries={preview.entries} {...(entryCount ? { limit: entryCount } : {})} />
    </section>
  );
}

/**
 * The list being followed: its title, owner, feeds count and fee, and its newest entries. `fee` is
 * what the instance charges for it (0 with POWER off, whatever the list says).
 */
export function ListPreviewCard({ preview, fee }: { preview: ListPreview; fee: number }) {
  const { t } = useTranslation("app");
  const { list } = preview;
  return (
    <section aria-label={t("follow.preview")} data-testid="follow-preview" className={CARD}>
      <header className="flex items-center gap-3 border-b border-zinc-200 px-3 py-2.5 dark:border-zinc-800">
        <span className="size-8 shrink-0 overflow-hidden rounded-md bg-zinc-200 dark:bg-zinc-800">
          <FeedIcon image={list.image} title={list.title} size={32} className="rounded-md" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold text-zinc-900 dark:text-zinc-100">{list.title}</p>
          <p className="flex flex-wrap items-center gap-x-3 text-xs text-zinc-500">
            <span>{t("follow.list_feeds", { count: preview.feedCount })}</span>
            <span>{t("follow.followers", { count: preview.subscriptionCount, formatted: formatCount(preview.subscriptionCount) })}</span>
            <span data-testid="list-fee">{fee > 0 ? t("follow.list_fee", { fee }) : t("follow.list_free")}</span>
          </p>
          {list.description ? <p className="mt-0.5 line-clamp-2 text-xs text-zinc-600 dark:text-zinc-400">{list.description}</p> : null}
        </div>
        {preview.subscription ? (
          <span className="shrink-0 rounded-full bg-orange-500/10 px-2 py-0.5 text-xs font-medium text-orange-600 dark:text-orange-400">{t("follow.already_following")}</span>
        ) : null}
      </header>
      <PreviewEntries entries={preview.entries} />
    </section>
  );
}

/** The preview's place while the server fetches the feed. */
export function PreviewLoading() {
  const { t } = useTranslation("app");
  return (
    <div role="status" className={`${CARD} flex items-center gap-3 px-3 py-3`}>
      <span aria-hidden className="size-8 animate-pulse rounded-md bg-zinc-200 dark:bg-zinc-800" />
      <div className="flex-1 space-y-1.5">
        <span aria-hidden className="block h-3 w-1/2 animate-pulse rounded bg-zinc-200 dark:bg-zinc-800" />
        <span className="block text-xs text-zinc-500">{t("follow.preview_loading")}</span>
      </div>
    </div>
  );
}
