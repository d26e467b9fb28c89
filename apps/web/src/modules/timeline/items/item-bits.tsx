import clsx from "clsx";
import { Star } from "lucide-react";
import { useTranslation } from "react-i18next";
import { FeedIcon } from "../../../components/feed-icon.tsx";
import { formatDateTime, formatRelative } from "../../../lib/format.ts";
import type { SourceInfo } from "./use-entry-item.ts";

/** "5 min. ago", with the full date and time on hover. */
export function RelativeTime({ date, className }: { date: string; className?: string }) {
  const { i18n } = useTranslation();
  return (
    <time dateTime={date} title={formatDateTime(date, i18n.language)} className={clsx("shrink-0 tabular-nums", className)}>
      {formatRelative(date, undefined, i18n.language)}
    </time>
  );
}

/** The small orange dot of an unread entry. */
export function UnreadDot({ className }: { className?: string }) {
  const { t } = useTranslation("app");
  return <span className={clsx("size-1.5 shrink-0 rounded-full bg-orange-500", className)} role="img" aria-label={t("timeline.unread")} data-testid="unread-dot" />;
}

/** The star of a starred entry. */
export function StarMark({ className }: { className?: string }) {
  const { t } = useTranslation("app");
  return <Star className={clsx("size-3.5 shrink-0 fill-amber-400 text-amber-500", className)} role="img" aria-label={t("timeline.starred_mark")} />;
}

/** The source's icon and name, then the time: the first line of an Articles row, a video card's footer. */
export function SourceLine({ source, date, starred, className }: { source: SourceInfo; date: string; starred: boolean; className?: string }) {
  return (
    <div className={clsx("flex min-w-0 items-center gap-1.5 text-xs text-zinc-500 dark:text-zinc-400", className)}>
      <FeedIcon image={source.image} siteUrl={source.siteUrl} url={source.url} title={source.title} size={14} />
      <span className="min-w-0 truncate">{source.title}</span>
      <span aria-hidden>·</span>
      <RelativeTime date={date} />
      {starred ? <StarMark className="ml-0.5" /> : null}
    </div>
  );
}
