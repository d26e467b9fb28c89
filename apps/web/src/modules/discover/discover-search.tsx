import { FEED_VIEWS, type FeedView } from "@tidings/contracts";
import { type UseQueryResult, useQuery } from "@tanstack/react-query";
import { Loader2, Search } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { followErrorText } from "../follow/index.ts";
import { toastError } from "../toast/index.ts";
import { type DiscoverItem, discoverSearchQuery, type DiscoverTarget } from "./discover-api.ts";
import { ResultCard } from "./result-card.tsx";
import { Segmented } from "./segmented.tsx";

/**
 * The Search tab (facts §4): one box for any URL or keyword, a Feeds / Lists switch, and the
 * results as cards. `keyword` and `target` live in the page address, so Back returns to them.
 */
export function DiscoverSearch(props: { keyword: string; target: DiscoverTarget; onSearch: (keyword: string, target: DiscoverTarget) => void }) {
  const { t } = useTranslation("app");
  const [text, setText] = useState(props.keyword);
  const [view, setView] = useState<FeedView>(0);
  // Back / Forward change the keyword in the address: the box follows it.
  const [shownKeyword, setShownKeyword] = useState(props.keyword);
  if (shownKeyword !== props.keyword) {
    setShownKeyword(props.keyword);
    setText(props.keyword);
  }
  const results = useQuery(discoverSearchQuery(props.keyword, props.target));
  useEffect(() => {
    if (results.error) toastError(results.error);
  }, [results.error]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const keyword = text.trim();
    if (keyword === props.keyword) void results.refetch();
    else if (keyword) props.onSearch(keyword, props.target);
  };

  return (
    <section aria-label={t("discover.search")} className="space-y-4">
      <form role="search" onSubmit={submit} className="flex gap-2">
        <label className="relative flex-1">
          <span className="sr-only">{t("discover.search_label")}</span>
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-zinc-400" aria-hidden />
          <input
            type="search"
            name="keyword"
            value={text}
            autoFocus
            autoComplete="off"
            spellCheck={false}
            maxLength={2048}
            placeholder={t("discover.search_placeholder")}
            onChange={(event) => setText(event.target.value)}
            className="w-full rounded-lg border border-zinc-300 bg-white py-2 pr-3 pl-9 text-sm outline-none focus:border-orange-500 focus:ring-2 focus:ring-orange-500/20 dark:border-zinc-700 dark:bg-zinc-900"
          />
        </label>
        <button
          type="submit"
          disabled={!text.trim() || results.isFetching}
          className="inline-flex items-center gap-1.5 rounded-lg bg-orange-500 px-4 py-2 text-sm font-medium text-white hover:bg-orange-600 disabled:opacity-50"
        >
          {results.isFetching ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
          {t("discover.search_submit")}
        </button>
      </form>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Segmented
          label={t("discover.target")}
          size="sm"
          value={props.target}
          onChange={(target) => props.onSearch(props.keyword, target)}
          options={[
            { value: "feeds", label: t("discover.target_feeds") },
            { value: "lists", label: t("discover.target_lists") },
          ]}
        />
        {props.target === "feeds" ? (
          <label className="flex items-center gap-2 text-xs text-zinc-500">
            {t("discover.follow_into")}
            <select
              value={view}
              onChange={(event) => setView(Number(event.target.value) as FeedView)}
              className="rounded-md border border-zinc-300 bg-white px-2 py-1 text-xs text-zinc-800 outline-none focus:border-orange-500 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-200"
            >
              {FEED_VIEWS.map((option) => (
                <option key={option} value={option}>
                  {t(`common:views.${option}`)}
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </div>
      <Results keyword={props.keyword} target={props.target} view={view} query={results} />
    </section>
  );
}

function Results({ keyword, target, view, query }: { keyword: string; target: DiscoverTarget; view: FeedView; query: UseQueryResult<DiscoverItem[]> }) {
  const { t } = useTranslation("app");
  if (!keyword) return null;
  if (query.isPending) {
    return (
      <div role="status" aria-live="polite" className="space-y-3">
        <p className="sr-only">{t("discover.searching")}</p>
        {[0, 1].map((index) => (
          <div key={index} className="h-40 animate-pulse rounded-xl bg-zinc-100 dark:bg-zinc-800/60" />
        ))}
      </div>
    );
  }
  if (query.isError) {
    const error = followErrorText(query.error);
    return (
      <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-700 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-300">
        <p className="font-medium">{error.message}</p>
        {error.reason ? <p className="mt-1 text-xs break-all opacity-80">{error.reason}</p> : null}
      </div>
    );
  }
  const items = query.data;
  if (items.length === 0) {
    return <p className="rounded-xl border border-dashed border-zinc-300 p-8 text-center text-sm text-zinc-500 dark:border-zinc-700">{t(target === "lists" ? "discover.no_lists" : "discover.no_feeds", { keyword })}</p>;
  }
  return (
    <div className="space-y-3">
      <p className="text-xs text-zinc-500" aria-live="polite">
        {t("discover.result_count", { count: items.length })}
      </p>
      {items.map((item) =>
        item.feed ? (
          <ResultCard key={item.feed.id} item={item} target={{ feed: item.feed, view }} />
        ) : item.list ? (
          <ResultCard key={item.list.id} item={item} target={{ list: item.list }} />
        ) : null,
      )}
    </div>
  );
}
