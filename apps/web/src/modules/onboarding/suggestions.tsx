import { useQuery } from "@tanstack/react-query";
import type { FeedSummary, FeedView } from "@tidings/contracts";
import { Check, Plus } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { subscribe } from "../../actions/subscription.actions.ts";
import { FeedIcon } from "../../components/feed-icon.tsx";
import { api } from "../../lib/api-client.ts";
import { toastError } from "../toast/index.ts";

/** GET /trending: the feeds most followed on this instance this week, offered to a new reader. */
export const suggestionsQuery = {
  queryKey: ["onboarding", "suggestions"] as const,
  queryFn: async () => (await api<{ trendingFeeds: (FeedSummary & { subscriptionCount: number })[] }>("trending")).trendingFeeds.slice(0, 5),
  staleTime: 10 * 60 * 1000,
};

/** Up to five suggested feeds, each followed in `view` with one click; nothing when there are none. */
export function Suggestions({ view }: { view: FeedView }) {
  const { t } = useTranslation("app");
  const suggestions = useQuery(suggestionsQuery);
  if (!suggestions.data?.length) return null;
  return (
    <div className="space-y-1.5">
      <p className="text-xs font-medium text-zinc-500">{t("onboarding.suggestions")}</p>
      <ul className="divide-y divide-zinc-100 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
        {suggestions.data.map((feed) => (
          <Suggestion key={feed.id} feed={feed} view={view} />
        ))}
      </ul>
    </div>
  );
}

function Suggestion({ feed, view }: { feed: FeedSummary & { subscriptionCount: number }; view: FeedView }) {
  const { t } = useTranslation("app");
  const [state, setState] = useState<"idle" | "pending" | "followed">("idle");
  const followFeed = async () => {
    setState("pending");
    try {
      await subscribe({ url: feed.url, view });
      setState("followed");
    } catch (error) {
      toastError(error);
      setState("idle");
    }
  };
  return (
    <li className="flex items-center gap-2 px-2.5 py-1.5 text-sm">
      <FeedIcon image={feed.image} siteUrl={feed.siteUrl} url={feed.url} title={feed.title} size={16} />
      <span className="min-w-0 flex-1 truncate">{feed.title ?? feed.url}</span>
      <span className="shrink-0 text-xs text-zinc-500">{t("onboarding.followers", { count: feed.subscriptionCount })}</span>
      <button
        type="button"
        disabled={state !== "idle"}
        aria-label={t("onboarding.follow_feed", { title: feed.title ?? feed.url })}
        onClick={() => void followFeed()}
        className="rounded-md p-1 text-orange-600 hover:bg-orange-50 disabled:opacity-60 dark:text-orange-400 dark:hover:bg-orange-500/10"
      >
        {state === "followed" ? <Check className="size-4 text-green-600" aria-hidden /> : <Plus className="size-4" aria-hidden />}
      </button>
    </li>
  );
}
