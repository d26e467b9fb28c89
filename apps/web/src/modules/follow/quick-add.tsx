import { useQuery } from "@tanstack/react-query";
import { Check, Search } from "lucide-react";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { FeedIcon, hostOf } from "../../components/feed-icon.tsx";
import { PrimaryButton } from "../../components/form-fields.tsx";
import { formatCount } from "../../lib/format.ts";
import { followErrorText } from "./follow-form.tsx";
import { type DiscoveredFeed, discoverQuery } from "./follow-queries.ts";
import { normaliseFollowUrl, sameFeedUrl } from "./follow-url.ts";

/**
 * Quick add (Ctrl/Cmd+N): paste any address. A feed's own address, or an rsshub:// one, goes
 * straight to the follow form (`onFeed`); a site's address is searched for the feeds it announces
 * (POST /discover), each offered with a Follow button.
 */
export function QuickAdd({ onFeed }: { onFeed: (url: string) => void }) {
  const { t } = useTranslation("app");
  const id = useId();
  const [input, setInput] = useState("");
  const [submitted, setSubmitted] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  const found = useQuery({ ...discoverQuery(submitted ?? ""), enabled: !!submitted });

  // The address was a feed itself: nothing to choose, on to the follow form.
  const results = found.data;
  useEffect(() => {
    const only = results?.length === 1 ? results[0]?.feed : undefined;
    if (submitted && only && sameFeedUrl(only.url, submitted)) onFeed(only.url);
  }, [results, submitted, onFeed]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const url = normaliseFollowUrl(input);
    setInvalid(!url);
    if (!url) return;
    if (url.startsWith("rsshub://")) return onFeed(url);
    setSubmitted(url);
  };

  const error = invalid ? { message: t("follow.invalid_url") } : found.isError ? followErrorText(found.error) : null;
  const feeds = (results ?? []).filter((item): item is DiscoveredFeed & { feed: NonNullable<DiscoveredFeed["feed"]> } => !!item.feed);

  return (
    <div className="space-y-4 p-5">
      <form onSubmit={submit} noValidate className="space-y-1">
        <label htmlFor={id} className="block text-sm font-medium text-zinc-700 dark:text-zinc-300">
          {t("follow.quick_add_label")}
        </label>
        <div className="flex gap-2">
          <input
            id={id}
            name="address"
            type="text"
            inputMode="url"
            autoFocus
            autoComplete="off"
            spellCheck={false}
            value={input}
            placeholder="https://example.com"
            onChange={(event) => {
              setInput(event.target.value);
              setInvalid(false);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : `${id}-hint`}
            className="min-w-0 flex-1 rounded-lg border border-zinc-300 bg-white px-3 py-2 font-mono text-sm outline-none focus:border-orange-500 focus:ring-2 focus:ring-orange-500/20 aria-invalid:border-red-500 dark:border-zinc-700 dark:bg-zinc-900"
          />
          <PrimaryButton pending={found.isFetching}>{t("follow.quick_add_submit")}</PrimaryButton>
        </div>
        {error ? (
          <div id={`${id}-error`} role="alert" className="text-xs text-red-600 dark:text-red-400">
            <p>{error.message}</p>
            {"reason" in error && error.reason ? <p className="mt-0.5 break-all text-red-500/80">{error.reason}</p> : null}
          </div>
        ) : (
          <p id={`${id}-hint`} className="text-xs text-zinc-500">
            {t("follow.quick_add_hint")}
          </p>
        )}
      </form>
      {found.isFetching ? (
        <p role="status" className="flex items-center gap-2 text-sm text-zinc-500">
          <Search aria-hidden className="size-4 animate-pulse" />
          {t("follow.quick_add_searching")}
        </p>
      ) : null}
      {!found.isFetching && feeds.length ? (
        <section aria-label={t("follow.quick_add_found", { count: feeds.length })} className="space-y-2">
          <h3 className="text-xs font-medium tracking-wide text-zinc-500 uppercase">{t("follow.quick_add_found", { count: feeds.length })}</h3>
          <ul className="divide-y divide-zinc-100 overflow-hidden rounded-xl border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
            {feeds.map((item) => (
              <FoundFeed key={item.feed.id} item={item} onFollow={() => onFeed(item.feed.url)} />
            ))}
          </ul>
        </section>
      ) : null}
      {!found.isFetching && results && !feeds.length ? <p className="text-sm text-zinc-500">{t("follow.quick_add_none")}</p> : null}
    </div>
  );
}

/** One feed discovery found: what it is, its newest entry, and Follow (or Following). */
function FoundFeed({ item, onFollow }: { item: DiscoveredFeed & { feed: NonNullable<DiscoveredFeed["feed"]> }; onFollow: () => void }) {
  const { t } = useTranslation("app");
  const { feed } = item;
  const title = feed.title ?? hostOf(feed.siteUrl) ?? feed.url;
  const latest = item.entries?.[0];
  return (
    <li data-testid="discovered-feed" className="flex items-center gap-3 bg-white px-3 py-2.5 dark:bg-zinc-900/60">
      <span className="size-7 shrink-0 overflow-hidden rounded-md bg-zinc-200 dark:bg-zinc-800">
        <FeedIcon image={feed.image} siteUrl={feed.siteUrl} url={feed.url} title={feed.title} size={28} className="rounded-md" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-zinc-900 dark:text-zinc-100">{title}</p>
        <p className="truncate font-mono text-xs text-zinc-500">{feed.url}</p>
        <p className="truncate text-xs text-zinc-500">
          {t("follow.followers", { count: item.subscriptionCount, formatted: formatCount(item.subscriptionCount) })}
          {latest?.title ? ` · ${latest.title}` : ""}
        </p>
      </div>
      {item.isSubscribed ? (
        <span className="flex shrink-0 items-center gap-1 px-2 text-xs font-medium text-zinc-500">
          <Check aria-hidden className="size-3.5" />
          {t("follow.already_following")}
        </span>
      ) : (
        <button
          type="button"
          onClick={onFollow}
          aria-label={t("follow.follow_feed", { title })}
          className="shrink-0 rounded-lg bg-orange-500 px-3 py-1.5 text-xs font-medium text-white shadow-sm hover:bg-orange-600"
        >
          {t("follow.submit")}
        </button>
      )}
    </li>
  );
}
