import clsx from "clsx";
import { ArrowRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { FeedIcon } from "../../components/feed-icon.tsx";
import { formatDateTime, formatRelative } from "../../lib/format.ts";
import { Highlighted } from "./highlighted.tsx";
import type { SearchResult } from "./results.ts";

/** A section's title with how many rows it holds, and an optional note on the right. */
export function SectionHeader({ title, count, note }: { title: string; count: number; note?: string | null }) {
  return (
    <h3 className="flex items-center gap-2 px-4 pt-2.5 pb-1 text-[11px] font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400">
      <span>{title}</span>
      <span className="rounded-full bg-zinc-100 px-1.5 py-px text-[10px] font-semibold text-zinc-500 tabular-nums dark:bg-zinc-800 dark:text-zinc-400" data-testid="search-section-count">
        {count}
      </span>
      {note ? <span className="ml-auto text-[11px] font-normal tracking-normal normal-case">{note}</span> : null}
    </h3>
  );
}

/** One result: a feed (icon, title, address, view) or an entry (title, snippet, feed and time). */
export function ResultRow({ id, row, active, onHover, onOpen }: { id: string; row: SearchResult; active: boolean; onHover: () => void; onOpen: () => void }) {
  const { t, i18n } = useTranslation();
  return (
    <div
      id={id}
      role="option"
      aria-selected={active}
      data-result-key={row.key}
      data-kind={row.kind}
      onMouseMove={active ? undefined : onHover}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onOpen}
      className={clsx("mx-1.5 flex cursor-pointer gap-3 rounded-lg px-2.5 py-2", active ? "bg-orange-50 dark:bg-orange-500/10" : "hover:bg-zinc-50 dark:hover:bg-zinc-800/50")}
    >
      {row.kind === "feed" ? (
        <>
          <FeedIcon image={row.source.image} siteUrl={row.source.siteUrl} url={row.source.url} title={row.source.title} size={20} className="mt-0.5" />
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium text-zinc-900 dark:text-zinc-100">
              <Highlighted segments={row.title} />
            </p>
            {row.detail.length ? (
              <p className="truncate text-xs text-zinc-500 dark:text-zinc-400">
                <Highlighted segments={row.detail} />
              </p>
            ) : null}
          </div>
          <span className="mt-0.5 shrink-0 self-start rounded-md border border-zinc-200 px-1.5 py-px text-[11px] text-zinc-500 dark:border-zinc-700 dark:text-zinc-400">
            {t(`views.${row.view}`)}
          </span>
        </>
      ) : (
        <>
          <div className="relative mt-0.5 shrink-0">
            <FeedIcon image={row.source?.image} siteUrl={row.source?.siteUrl} url={row.source?.url} title={row.source?.title} size={20} />
            {row.unread ? <span className="absolute -top-0.5 -right-0.5 size-2 rounded-full bg-orange-500 ring-2 ring-white dark:ring-zinc-900" aria-hidden /> : null}
          </div>
          <div className="min-w-0 flex-1">
            <p className={clsx("line-clamp-1 text-sm break-all", row.unread ? "font-semibold text-zinc-900 dark:text-zinc-50" : "font-medium text-zinc-700 dark:text-zinc-300")}>
              <Highlighted segments={row.title.length ? row.title : [{ text: t("app:search.untitled"), mark: false }]} />
            </p>
            {row.snippet.length ? (
              <p className="mt-0.5 line-clamp-2 text-[13px] leading-snug break-words text-zinc-500 dark:text-zinc-400" data-testid="search-snippet">
                <Highlighted segments={row.snippet} />
              </p>
            ) : null}
            <p className="mt-1 flex min-w-0 items-center gap-1.5 text-[11px] text-zinc-400 dark:text-zinc-500">
              {row.sourceTitle.length ? (
                <>
                  <span className="min-w-0 truncate">
                    <Highlighted segments={row.sourceTitle} />
                  </span>
                  <span aria-hidden>·</span>
                </>
              ) : null}
              <time dateTime={row.publishedAt} title={formatDateTime(row.publishedAt, i18n.language)} className="shrink-0 tabular-nums">
                {formatRelative(row.publishedAt, undefined, i18n.language)}
              </time>
            </p>
          </div>
        </>
      )}
      <ArrowRight className={clsx("mt-1 size-4 shrink-0 text-zinc-400", !active && "invisible")} aria-hidden />
    </div>
  );
}

/** What the palette shows before anything is typed: what it searches and the query syntax. */
export function SearchTips() {
  const { t } = useTranslation("app");
  const tips: [string, string][] = [
    ["tide tables", t("search.tip_words")],
    ['"high water"', t("search.tip_phrase")],
    ["harbour -storm", t("search.tip_exclude")],
    ["dawn OR dusk", t("search.tip_or")],
  ];
  return (
    <div className="px-5 py-6" data-testid="search-tips">
      <p className="text-sm text-zinc-600 dark:text-zinc-300">{t("search.intro")}</p>
      <ul className="mt-4 space-y-2">
        {tips.map(([example, text]) => (
          <li key={example} className="flex items-baseline gap-3 text-xs text-zinc-500 dark:text-zinc-400">
            <code className="w-32 shrink-0 rounded bg-zinc-100 px-1.5 py-0.5 font-mono text-[11px] text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">{example}</code>
            <span>{text}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
