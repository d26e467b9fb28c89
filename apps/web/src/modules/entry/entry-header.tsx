import type { FeedView } from "@tidings/contracts";
import { Clock, User } from "lucide-react";
import type { MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { FeedIcon } from "../../components/feed-icon.tsx";
import { formatDateTime, formatRelative } from "../../lib/format.ts";
import type { EntryState } from "../../store/entries.store.ts";
import { useSource } from "../../store/sources.store.ts";
import { subscriptionTitle, useSubscriptions } from "../../store/subscriptions.store.ts";
import { ReadHistories } from "./read-histories.tsx";

export interface EntryHeaderProps {
  state: EntryState;
  view: FeedView;
  /** Minutes to read the body shown; 0 hides the estimate. */
  minutes: number;
  /** The title translated by the AI helpers, shown under the original. */
  translatedTitle?: string | null;
  onLinkClick: (url: string, event: MouseEvent<HTMLElement>) => void;
}

/** The timeline of the entry's source: its feed, or its inbox. */
const sourcePath = (view: FeedView, state: EntryState) =>
  `/timeline/view-${view}/${state.entry.inboxHandle ? `inbox-${encodeURIComponent(state.entry.inboxHandle)}` : state.sourceKey}`;

/**
 * The top of the article: where it comes from (icon and title, a link to that timeline), its
 * title (a link to the original, through the jump-out warning), author, date, reading time and
 * who else read it.
 */
export function EntryHeader({ state, view, minutes, translatedTitle, onLinkClick }: EntryHeaderProps) {
  const { t, i18n } = useTranslation("app");
  const { entry } = state;
  const source = useSource(state.sourceKey);
  const subscription = useSubscriptions((s) => s.byKey[state.sourceKey]);
  const sourceTitle = subscription ? subscriptionTitle(subscription) : (source?.title ?? (entry.inboxHandle ? t("entry.inbox") : null));
  const feed = source?.type === "feed" ? source : null;
  const title = entry.title?.trim() || t("entry.untitled");
  const language = i18n.language;

  return (
    <header className="mb-8 space-y-3">
      {sourceTitle ? (
        <Link
          to={sourcePath(view, state)}
          className="inline-flex max-w-full items-center gap-2 text-sm font-medium text-zinc-500 hover:text-orange-600 dark:text-zinc-400 dark:hover:text-orange-400"
        >
          <FeedIcon image={source?.image ?? null} siteUrl={feed?.siteUrl ?? null} url={feed?.url ?? entry.url} title={sourceTitle} size={18} />
          <span className="truncate">{sourceTitle}</span>
        </Link>
      ) : null}
      <h1 className="text-[1.75rem] leading-tight font-bold tracking-tight text-balance break-words text-zinc-900 dark:text-zinc-50" data-testid="entry-title">
        {entry.url ? (
          <a href={entry.url} target="_blank" rel="noopener noreferrer" className="hover:underline hover:decoration-orange-500/60 hover:underline-offset-4" onClick={(event) => onLinkClick(entry.url!, event)}>
            {title}
          </a>
        ) : (
          title
        )}
      </h1>
      {translatedTitle && translatedTitle !== entry.title ? (
        <p className="-mt-1 text-xl leading-snug font-medium text-balance break-words text-zinc-500 dark:text-zinc-400" data-testid="entry-title-translation">
          {translatedTitle}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-zinc-500 dark:text-zinc-400">
        {entry.author ? (
          <span className="inline-flex min-w-0 items-center gap-1.5">
            {entry.authorAvatar ? (
              <img src={entry.authorAvatar} alt="" className="size-5 rounded-full object-cover" referrerPolicy="no-referrer" loading="lazy" />
            ) : (
              <User className="size-4" aria-hidden />
            )}
            {entry.authorUrl ? (
              <a href={entry.authorUrl} target="_blank" rel="noopener noreferrer" className="truncate hover:text-orange-600 dark:hover:text-orange-400" onClick={(event) => onLinkClick(entry.authorUrl!, event)}>
                {entry.author}
              </a>
            ) : (
              <span className="truncate">{entry.author}</span>
            )}
          </span>
        ) : null}
        <time dateTime={entry.publishedAt} title={formatRelative(entry.publishedAt, new Date(), language)}>
          {formatDateTime(entry.publishedAt, language)}
        </time>
        {minutes > 0 ? (
          <span className="inline-flex items-center gap-1">
            <Clock className="size-3.5" aria-hidden />
            {t("entry.reading_time", { count: minutes })}
          </span>
        ) : null}
        <ReadHistories entryId={entry.id} />
      </div>
    </header>
  );
}
