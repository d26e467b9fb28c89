import clsx from "clsx";
import { useMemo } from "react";
import { FeedIcon } from "../../../components/feed-icon.tsx";
import { plainText } from "../entry-media.ts";
import { EntryItemFrame } from "./entry-item-frame.tsx";
import { RelativeTime, StarMark, UnreadDot } from "./item-bits.tsx";
import { useEntryItem } from "./use-entry-item.ts";

/** A Notifications row (facts §7 "simple" item): one line, the title or else the description, no media. */
export function NotificationItem({ id }: { id: string }) {
  const { item, source } = useEntryItem(id);
  const entry = item?.entry;
  const text = useMemo(() => entry?.title?.trim() || plainText(entry?.description, 200) || entry?.url || "", [entry]);
  if (!item || !entry) return null;
  const unread = item.read === false;
  return (
    <EntryItemFrame
      id={id}
      className="flex h-11 items-center gap-2.5 border-b border-zinc-100 pr-4 pl-5 transition-colors select-none hover:bg-zinc-50 dark:border-zinc-900 dark:hover:bg-zinc-900/70"
      selectedClassName="bg-orange-50! dark:bg-orange-500/10!"
    >
      {unread ? <UnreadDot className="absolute top-1/2 left-2 -translate-y-1/2" /> : null}
      <FeedIcon image={source.image} siteUrl={source.siteUrl} url={source.url} title={source.title} size={16} />
      <span className={clsx("min-w-0 flex-1 truncate text-sm", unread ? "font-medium text-zinc-900 dark:text-zinc-100" : "text-zinc-500 dark:text-zinc-400")} title={text}>
        {text}
      </span>
      {item.starredAt ? <StarMark /> : null}
      <RelativeTime date={entry.publishedAt} className="text-xs text-zinc-400" />
    </EntryItemFrame>
  );
}
