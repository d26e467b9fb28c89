import clsx from "clsx";
import { CornerDownLeft, Loader2, Search, SearchX, TriangleAlert } from "lucide-react";
import i18next from "i18next";
import { type KeyboardEvent, type ReactNode, useDeferredValue, useEffect, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ApiError, errorText } from "../../lib/api-client.ts";
import { useEntries } from "../../store/entries.store.ts";
import { useSources } from "../../store/sources.store.ts";
import { useSubscriptions } from "../../store/subscriptions.store.ts";
import { matchEntries, matchFeeds, parseLocalQuery } from "./local-match.ts";
import { buildResults, type SearchResult } from "./results.ts";
import { ResultRow, SearchTips, SectionHeader } from "./result-row.tsx";
import { useServerSearch } from "./server-search.ts";

/** Rows of each kind the local mode shows at most. */
const LOCAL_ENTRY_LIMIT = 20;
const FEED_LIMIT = 6;

/** The translated message of an error code, when there is one. */
function translateCode(code: number): string | undefined {
  const key = `errors:${code}`;
  return i18next.exists(key) ? i18next.t(key) : undefined;
}

/**
 * The search palette (Cmd/Ctrl+K, "/"): followed feeds and held entries match instantly, the
 * server's full-text search follows below; arrows move, Enter opens, Escape closes.
 */
export function SearchPalette({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation("app");
  const navigate = useNavigate();
  const listId = useId();
  const [query, setQuery] = useState("");
  const deferredQuery = useDeferredValue(query);
  const [active, setActive] = useState({ query: "", index: 0 });
  const listRef = useRef<HTMLDivElement>(null);

  const entries = useEntries((state) => state.byId);
  const sources = useSources((state) => state.byId);
  const subscriptions = useSubscriptions((state) => state.byKey);
  // A query of exclusions only has nothing to look for: the server is not asked.
  const server = useServerSearch(parseLocalQuery(query) ? query : "");

  const parsed = useMemo(() => parseLocalQuery(deferredQuery), [deferredQuery]);
  const local = useMemo(() => {
    if (!parsed) return { feeds: [], entries: [] };
    const titleOf = (key: string) => sources[key]?.title ?? null;
    return {
      feeds: matchFeeds(Object.values(subscriptions), parsed, FEED_LIMIT),
      entries: matchEntries(Object.values(entries), parsed, titleOf, LOCAL_ENTRY_LIMIT),
    };
  }, [parsed, entries, sources, subscriptions]);

  const results = useMemo(
    () =>
      buildResults({
        terms: parsed?.terms ?? [],
        feeds: local.feeds,
        local: local.entries,
        server: parsed ? (server.data?.items ?? []) : [],
        viewOf: (key) => subscriptions[key]?.view ?? 0,
        sourceOf: (key) => {
          const source = sources[key];
          if (!source) return null;
          return { title: source.title, image: source.image, siteUrl: "siteUrl" in source ? source.siteUrl : null, url: "url" in source ? source.url : null };
        },
      }),
    [parsed, local, server.data, subscriptions, sources],
  );
  const rows: SearchResult[] = useMemo(() => [...results.feeds, ...results.entries], [results]);
  const index = Math.min(active.query === query ? active.index : 0, Math.max(rows.length - 1, 0));
  const activeRow = rows[index];

  useEffect(() => {
    if (!activeRow) return;
    listRef.current?.querySelector(`[data-result-key="${CSS.escape(activeRow.key)}"]`)?.scrollIntoView({ block: "nearest" });
  }, [activeRow]);

  const open = (row: SearchResult | undefined) => {
    if (!row) return;
    onDone();
    void navigate(row.path);
  };
  const move = (step: number) => {
    if (rows.length === 0) return;
    setActive({ query, index: (index + step + rows.length) % rows.length });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === "ArrowDown") move(1);
    else if (event.key === "ArrowUp") move(-1);
    else if (event.key === "Enter") open(activeRow);
    // The shortcut that opened the palette closes it again.
    else if ((event.metaKey || event.ctrlKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === "k") onDone();
    else return;
    event.preventDefault();
  };

  const typed = parsed !== null;
  const serverError = server.error ? errorText(server.error, translateCode) : null;
  const serverReason = server.error instanceof ApiError && server.error.reason !== serverError ? server.error.reason : undefined;
  const serverOnly = results.entries.filter((row) => row.kind === "entry" && row.fromServer).length;
  const nothing = typed && rows.length === 0 && !server.loading && !serverError;
  const total = server.data?.total;

  return (
    <div className="flex h-[min(34rem,80dvh)] flex-col" data-testid="search-palette">
      <div className="flex h-14 shrink-0 items-center gap-3 border-b border-zinc-100 px-4 dark:border-zinc-800">
        <Search className="size-5 shrink-0 text-zinc-400" aria-hidden />
        <input
          autoFocus
          role="combobox"
          aria-expanded={rows.length > 0}
          aria-controls={listId}
          aria-activedescendant={activeRow ? `${listId}-${activeRow.key}` : undefined}
          aria-autocomplete="list"
          aria-label={t("search.label")}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={t("search.placeholder")}
          spellCheck={false}
          className="min-w-0 flex-1 bg-transparent text-[15px] text-zinc-900 outline-none placeholder:text-zinc-400 dark:text-zinc-50"
          data-testid="search-input"
        />
        {server.loading ? <Loader2 className="size-4 shrink-0 animate-spin text-zinc-400" aria-label={t("search.searching")} /> : null}
        <kbd className="shrink-0 rounded border border-zinc-200 bg-zinc-50 px-1.5 py-0.5 font-sans text-[11px] font-medium text-zinc-500 dark:border-zinc-700 dark:bg-zinc-800 dark:text-zinc-400">
          Esc
        </kbd>
      </div>

      <div ref={listRef} id={listId} role="listbox" aria-label={t("search.results")} className="min-h-0 flex-1 overflow-y-auto py-1.5">
        {!typed ? <SearchTips /> : null}
        {results.feeds.length > 0 ? (
          <section role="group" aria-label={t("search.feeds")}>
            <SectionHeader title={t("search.feeds")} count={results.feeds.length} />
            {results.feeds.map((row) => (
              <ResultRow key={row.key} id={`${listId}-${row.key}`} row={row} active={row === activeRow} onHover={() => setActive({ query, index: rows.indexOf(row) })} onOpen={() => open(row)} />
            ))}
          </section>
        ) : null}
        {results.entries.length > 0 ? (
          <section role="group" aria-label={t("search.entries")}>
            <SectionHeader
              title={t("search.entries")}
              count={results.entries.length}
              note={
                server.loading
                  ? t("search.searching")
                  : total !== undefined && total > serverOnly
                    ? t("search.full_text_total", { count: total })
                    : null
              }
            />
            {results.entries.map((row) => (
              <ResultRow key={row.key} id={`${listId}-${row.key}`} row={row} active={row === activeRow} onHover={() => setActive({ query, index: rows.indexOf(row) })} onOpen={() => open(row)} />
            ))}
            {server.hasMore ? (
              <button
                type="button"
                className="mx-3 my-1.5 flex w-[calc(100%-1.5rem)] items-center justify-center gap-2 rounded-lg py-1.5 text-xs font-medium text-orange-600 hover:bg-orange-50 disabled:opacity-60 dark:text-orange-400 dark:hover:bg-orange-500/10"
                disabled={server.loadingMore}
                onClick={server.loadMore}
                data-testid="search-more"
              >
                {server.loadingMore ? <Loader2 className="size-3.5 animate-spin" aria-hidden /> : null}
                {t("search.more_results")}
              </button>
            ) : null}
          </section>
        ) : null}
        {typed && rows.length === 0 && server.loading ? (
          <p className="flex items-center justify-center gap-2 px-4 py-10 text-sm text-zinc-500" data-testid="search-loading">
            <Loader2 className="size-4 animate-spin" aria-hidden />
            {t("search.searching")}
          </p>
        ) : null}
        {serverError ? (
          <p role="alert" className="mx-3 mt-2 flex items-start gap-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-500/10 dark:text-red-300" data-testid="search-error">
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>
              <span className="font-medium">{t("search.server_failed")}</span> {serverError}
              {serverReason ? <span className="mt-0.5 block text-xs opacity-80">{serverReason}</span> : null}
            </span>
          </p>
        ) : null}
        {nothing ? (
          <div className="flex flex-col items-center px-6 py-12 text-center" data-testid="search-empty">
            <SearchX className="mb-3 size-8 text-zinc-300 dark:text-zinc-600" aria-hidden />
            <p className="text-sm font-medium text-zinc-700 dark:text-zinc-300">{t("search.no_results", { query: query.trim() })}</p>
            <p className="mt-1 text-xs text-zinc-500">{t("search.no_results_hint")}</p>
          </div>
        ) : null}
      </div>

      <footer className="flex h-9 shrink-0 items-center gap-4 border-t border-zinc-100 px-4 text-[11px] text-zinc-500 dark:border-zinc-800 dark:text-zinc-400">
        <KeyHint keys={["↑", "↓"]} label={t("search.hint_move")} />
        <KeyHint keys={[<CornerDownLeft key="enter" className="size-3" aria-label="Enter" />]} label={t("search.hint_open")} />
        <KeyHint keys={["Esc"]} label={t("search.hint_close")} />
        <span className={clsx("ml-auto tabular-nums", !typed && "hidden")} data-testid="search-count">
          {t("search.count", { count: rows.length })}
        </span>
      </footer>
    </div>
  );
}

/** A key (or keys) and what it does, in the footer. */
function KeyHint({ keys, label }: { keys: ReactNode[]; label: string }) {
  return (
    <span className="flex items-center gap-1.5">
      <span className="flex gap-0.5">
        {keys.map((key, i) => (
          <kbd
            key={i}
            className="flex h-4.5 min-w-4.5 items-center justify-center rounded border border-zinc-200 bg-zinc-50 px-1 font-sans text-[10px] font-medium text-zinc-500 dark:border-zinc-700 dark:bg-zinc-800 dark:text-zinc-400"
          >
            {key}
          </kbd>
        ))}
      </span>
      {label}
    </span>
  );
}
