import { useQuery } from "@tanstack/react-query";
import type { ListSummary } from "@tidings/contracts";
import { ArrowUpRight, ListPlus, Pencil, Plus, Trash2, UserPlus, X } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { FeedIcon } from "../../components/feed-icon.tsx";
import { SettingsSection } from "../../components/settings/settings-section.tsx";
import { useSubscriptions } from "../../store/subscriptions.store.ts";
import { confirm } from "../modal/index.ts";
import { timelinePath } from "../timeline/index.ts";
import { toastError } from "../toast/index.ts";
import { openAddFeeds } from "./add-feeds-dialog.tsx";
import { formErrorText } from "./error-text.ts";
import { openListForm } from "./list-form.tsx";
import { deleteList, followList, listDetailsQuery, ownedListsQuery, removeFeed } from "./lists-api.ts";

export const ACTION =
  "inline-flex items-center gap-1.5 rounded-lg border border-zinc-300 px-2.5 py-1.5 text-xs font-medium hover:bg-zinc-50 disabled:opacity-50 dark:border-zinc-700 dark:hover:bg-zinc-800";
const ICON_BUTTON = "rounded-md p-1.5 text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900 dark:hover:bg-zinc-800 dark:hover:text-zinc-100";

/** Settings → Lists: the reader's own lists, each with its feeds, and the buttons to shape them. */
export function ListsSettings() {
  const { t } = useTranslation("app");
  const lists = useQuery(ownedListsQuery);
  return (
    <SettingsSection tab="list">
      <div className="flex items-start justify-between gap-4">
        <p className="text-sm text-zinc-500">{t("lists.intro")}</p>
        <button type="button" onClick={() => openListForm()} className="inline-flex shrink-0 items-center gap-1.5 rounded-lg bg-orange-500 px-3 py-1.5 text-sm font-medium text-white shadow-sm hover:bg-orange-600">
          <Plus className="size-4" aria-hidden />
          {t("lists.create")}
        </button>
      </div>
      {lists.isPending ? <p className="text-sm text-zinc-500">{t("lists.loading")}</p> : null}
      {lists.isError ? (
        <p role="alert" className="text-sm text-red-600">
          {formErrorText(lists.error)}
        </p>
      ) : null}
      {lists.data?.length === 0 ? (
        <div className="rounded-xl border border-dashed border-zinc-300 px-6 py-10 text-center dark:border-zinc-700">
          <ListPlus className="mx-auto size-8 text-zinc-400" aria-hidden />
          <p className="mt-2 text-sm font-medium">{t("lists.empty_title")}</p>
          <p className="mt-1 text-xs text-zinc-500">{t("lists.empty_description")}</p>
        </div>
      ) : null}
      <ul className="space-y-4">
        {lists.data?.map((list) => (
          <ListCard key={list.id} list={list} />
        ))}
      </ul>
    </SettingsSection>
  );
}

function ListCard({ list }: { list: ListSummary }) {
  const { t } = useTranslation("app");
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const followed = useSubscriptions((state) => Boolean(state.byKey[list.id]));
  const details = useQuery(listDetailsQuery(list.id));
  const [busy, setBusy] = useState(false);
  const feeds = details.data?.list.feeds ?? [];

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    const ok = await confirm({
      variant: "danger",
      title: t("lists.delete_title", { title: list.title }),
      message: t("lists.delete_message"),
      confirmText: t("lists.delete"),
    });
    if (ok) await run(async () => {
      await deleteList(list.id);
      toast.success(t("lists.deleted", { title: list.title }));
    });
  };

  return (
    <li data-list-id={list.id} className="rounded-xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900/40">
      <div className="flex items-start gap-3 p-4">
        <FeedIcon image={list.image} title={list.title} size={44} className="rounded-lg" />
        <div className="min-w-0 flex-1">
          <div className="flex items-center gap-2">
            <h3 className="truncate text-sm font-semibold">{list.title}</h3>
            <span className="shrink-0 rounded-full bg-zinc-100 px-2 py-0.5 text-[11px] text-zinc-600 dark:bg-zinc-800 dark:text-zinc-400">{tc(`views.${list.view}`)}</span>
          </div>
          {list.description ? <p className="mt-0.5 line-clamp-2 text-xs text-zinc-500">{list.description}</p> : null}
          <p className="mt-1 text-xs text-zinc-500">
            {t("lists.feed_count", { count: list.feedIds.length })}
            {details.data ? ` · ${t("lists.follower_count", { count: details.data.subscriptionCount })}` : null}
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-1">
          {followed ? (
            <button type="button" className={ACTION} onClick={() => void navigate(timelinePath(list.view, { kind: "list", listId: list.id }))}>
              <ArrowUpRight className="size-3.5" aria-hidden />
              {t("lists.open")}
            </button>
          ) : (
            <button type="button" className={ACTION} disabled={busy} onClick={() => void run(() => followList(list))}>
              <UserPlus className="size-3.5" aria-hidden />
              {t("lists.follow")}
            </button>
          )}
          <button type="button" className={ICON_BUTTON} aria-label={t("lists.edit")} title={t("lists.edit")} onClick={() => openListForm(list)}>
            <Pencil className="size-4" aria-hidden />
          </button>
          <button type="button" className={`${ICON_BUTTON} hover:text-red-600 dark:hover:text-red-500`} aria-label={t("lists.delete")} title={t("lists.delete")} disabled={busy} onClick={() => void remove()}>
            <Trash2 className="size-4" aria-hidden />
          </button>
        </div>
      </div>
      <div className="border-t border-zinc-100 px-4 py-3 dark:border-zinc-800">
        {feeds.length > 0 ? (
          <ul className="mb-2 space-y-0.5" aria-label={t("lists.feeds_of", { title: list.title })}>
            {feeds.map((feed) => (
              <li key={feed.id} className="group flex items-center gap-2 rounded-md px-1.5 py-1 text-sm hover:bg-zinc-50 dark:hover:bg-zinc-800/60">
                <FeedIcon image={feed.image} siteUrl={feed.siteUrl} url={feed.url} title={feed.title} size={16} />
                <span className="min-w-0 flex-1 truncate">{feed.title ?? feed.url}</span>
                <button
                  type="button"
                  className="rounded p-0.5 text-zinc-400 opacity-0 hover:text-red-600 focus-visible:opacity-100 group-hover:opacity-100"
                  aria-label={t("lists.remove_feed", { title: feed.title ?? feed.url })}
                  onClick={() => void run(() => removeFeed(list.id, feed.id))}
                >
                  <X className="size-3.5" aria-hidden />
                </button>
              </li>
            ))}
          </ul>
        ) : details.isPending ? null : (
          <p className="mb-2 text-xs text-zinc-500">{t("lists.no_feeds")}</p>
        )}
        <button type="button" className="inline-flex items-center gap-1.5 text-xs font-medium text-orange-600 hover:underline dark:text-orange-400" onClick={() => openAddFeeds({ ...list, feedIds: details.data?.list.feedIds ?? list.feedIds })}>
          <Plus className="size-3.5" aria-hidden />
          {t("lists.add_feeds")}
        </button>
      </div>
    </li>
  );
}
