import type { Entry } from "@tidings/contracts";
import { Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { FeedIcon, hostOf } from "../../components/feed-icon.tsx";
import { formatCount, formatRelative } from "../../lib/format.ts";
import type { DiscoverItem } from "./discover-api.ts";
import { previewImageOf } from "./entry-thumbnail.ts";
import { FollowButton } from "./follow-button.tsx";
import { usePaidListToggle } from "./paid-list-toggle.ts";
import { useFollowToggle, type FollowTarget } from "./use-follow-toggle.ts";

/**
 * One search result (facts §4): icon, title, site (or list owner), description, up to four
 * preview entries with thumbnails, the subscriber count and a Follow / Followed button. A paid
 * list shows its fee; following someone else's opens the follow form, which says what it costs,
 * instead of paying at one click.
 */
export function ResultCard({ item, target }: { item: DiscoverItem; target: FollowTarget }) {
  const { t } = useTranslation("app");
  const toggle = useFollowToggle(target, item);
  const feed = item.feed;
  const list = item.list;
  const { button, fee } = usePaidListToggle(toggle, list);
  const title = feed ? (feed.title ?? feed.url) : (list?.title ?? "");
  const subtitle = feed ? (hostOf(feed.siteUrl) ?? feed.url) : list?.owner ? t("discover.list_by", { name: list.owner.name ?? list.owner.handle ?? "" }) : null;
  const description = feed?.description ?? list?.description ?? null;
  return (
    <article aria-label={title} data-discover-result={feed?.id ?? list?.id} className="rounded-xl border border-zinc-200 bg-white p-4 shadow-xs dark:border-zinc-800 dark:bg-zinc-900/60">
      <header className="flex items-start gap-3">
        <span className="flex shrink-0 rounded-lg bg-zinc-100 dark:bg-zinc-800">
          <FeedIcon image={feed?.image ?? list?.image ?? null} siteUrl={feed?.siteUrl ?? null} url={feed?.url ?? null} title={title} size={40} className="rounded-lg" />
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex min-w-0 items-center gap-2">
            <h3 className="truncate font-semibold">{title}</h3>
            {fee > 0 ? (
              <span data-testid="list-fee-badge" className="shrink-0 rounded-full bg-orange-500/10 px-2 py-0.5 text-[11px] font-medium text-orange-600 dark:text-orange-400">
                {t("lists.fee_badge", { fee })}
              </span>
            ) : null}
          </div>
          {subtitle ? <p className="truncate text-xs text-zinc-500">{subtitle}</p> : null}
          {feed ? <p className="truncate font-mono text-[11px] text-zinc-400">{feed.url}</p> : null}
        </div>
        <FollowButton toggle={button} title={title} />
      </header>
      {description ? <p className="mt-3 line-clamp-2 text-sm text-zinc-600 dark:text-zinc-400">{description}</p> : null}
      {item.entries && item.entries.length > 0 ? (
        <ul className="mt-3 divide-y divide-zinc-100 rounded-lg border border-zinc-100 dark:divide-zinc-800 dark:border-zinc-800" aria-label={t("discover.preview")}>
          {item.entries.map((entry) => (
            <PreviewEntry key={entry.id} entry={entry} />
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-xs text-zinc-400">{t("discover.no_entries")}</p>
      )}
      <footer className="mt-3 flex items-center gap-1.5 text-xs text-zinc-500">
        <Users className="size-3.5" aria-hidden />
        <span data-testid="subscriber-count">{t("discover.followers", { count: toggle.count, formatted: formatCount(toggle.count) })}</span>
        {list ? <span className="ml-2">· {t("discover.list_feeds", { count: list.feedIds.length })}</span> : null}
      </footer>
    </article>
  );
}

/** A preview entry: title (a link when it has one), time, and its picture when it has one. */
function PreviewEntry({ entry }: { entry: Entry }) {
  const image = previewImageOf(entry);
  const title = entry.title || entry.description || entry.url || "";
  return (
    <li className="flex items-center gap-3 px-3 py-2">
      <div className="min-w-0 flex-1">
        {entry.url ? (
          <a href={entry.url} target="_blank" rel="noreferrer noopener" className="line-clamp-1 text-sm hover:text-orange-600 hover:underline">
            {title}
          </a>
        ) : (
          <p className="line-clamp-1 text-sm">{title}</p>
        )}
        <time dateTime={entry.publishedAt} className="text-[11px] text-zinc-400">
          {formatRelative(entry.publishedAt)}
        </time>
      </div>
      {image ? <img src={image} alt="" loading="lazy" referrerPolicy="no-referrer" className="size-10 shrink-0 rounded-md bg-zinc-100 object-cover dark:bg-zinc-800" /> : null}
    </li>
  );
}
