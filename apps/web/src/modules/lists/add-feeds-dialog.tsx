import type { FeedSubscription, ListSummary } from "@tidings/contracts";
import i18next from "i18next";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { PrimaryButton, SecondaryButton } from "../../components/form-fields.tsx";
import { useAsyncAction } from "../../components/use-async-action.ts";
import { toast } from "sonner";
import { useSubscriptions } from "../../store/subscriptions.store.ts";
import { modal } from "../modal/index.ts";
import { formErrorText } from "./error-text.ts";
import { addFeeds } from "./lists-api.ts";

/** Opens the picker of the reader's followed feeds that are not in `list` yet. */
export function openAddFeeds(list: ListSummary): void {
  modal.present({
    id: `list-add-feeds-${list.id}`,
    title: i18next.t("app:lists.add_feeds_title", { title: list.title }),
    size: "md",
    content: ({ dismiss }) => <AddFeeds list={list} onDone={dismiss} />,
  });
}

/** The feed subscriptions a list can take: not in it already, matching `filter`, by title. */
export function candidateFeeds(subscriptions: FeedSubscription[], inList: string[], filter: string): FeedSubscription[] {
  const taken = new Set(inList);
  const needle = filter.trim().toLowerCase();
  return subscriptions
    .filter((s) => !taken.has(s.feedId))
    .filter((s) => !needle || feedLabel(s).toLowerCase().includes(needle) || s.feeds.url.toLowerCase().includes(needle))
    .sort((a, b) => feedLabel(a).localeCompare(feedLabel(b)));
}

const feedLabel = (s: FeedSubscription) => s.title ?? s.feeds.title ?? s.feeds.url;

function AddFeeds({ list, onDone }: { list: ListSummary; onDone: () => void }) {
  const { t } = useTranslation("app");
  const byKey = useSubscriptions((state) => state.byKey);
  const feeds = useMemo(() => Object.values(byKey).filter((s): s is FeedSubscription => "feedId" in s), [byKey]);
  const [filter, setFilter] = useState("");
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const { pending, error, run } = useAsyncAction(formErrorText);
  const candidates = candidateFeeds(feeds, list.feedIds, filter);

  const toggle = (feedId: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(feedId)) next.delete(feedId);
      else next.add(feedId);
      return next;
    });

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    await run(async () => {
      await addFeeds(list.id, [...chosen]);
      toast.success(t("lists.feeds_added", { count: chosen.size, title: list.title }));
      onDone();
    });
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-3 p-5">
      <input
        type="search"
        autoFocus
        value={filter}
        aria-label={t("lists.filter_feeds")}
        placeholder={t("lists.filter_feeds")}
        onChange={(event) => setFilter(event.target.value)}
        className="w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm outline-none focus:border-orange-500 focus:ring-2 focus:ring-orange-500/20 dark:border-zinc-700 dark:bg-zinc-900"
      />
      <ul className="max-h-72 divide-y divide-zinc-100 overflow-y-auto rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
        {candidates.length === 0 ? <li className="px-3 py-6 text-center text-sm text-zinc-500">{t(feeds.length ? "lists.no_candidates" : "lists.no_followed_feeds")}</li> : null}
        {candidates.map((s) => (
          <li key={s.feedId}>
            <label className="flex cursor-pointer items-center gap-3 px-3 py-2 text-sm hover:bg-zinc-50 dark:hover:bg-zinc-800/60">
              <input type="checkbox" checked={chosen.has(s.feedId)} onChange={() => toggle(s.feedId)} className="size-4 accent-orange-500" />
              <span className="min-w-0 flex-1 truncate">{feedLabel(s)}</span>
              {s.category ? <span className="shrink-0 text-xs text-zinc-500">{s.category}</span> : null}
            </label>
          </li>
        ))}
      </ul>
      {error ? (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
      <div className="flex justify-end gap-2 pt-1">
        <SecondaryButton onClick={onDone}>{t("modal.cancel")}</SecondaryButton>
        <PrimaryButton pending={pending} disabled={chosen.size === 0}>
          {t("lists.add_n_feeds", { count: chosen.size })}
        </PrimaryButton>
      </div>
    </form>
  );
}
