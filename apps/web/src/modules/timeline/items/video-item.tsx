import clsx from "clsx";
import { Play, VideoOff } from "lucide-react";
import { useMemo, useState } from "react";
import { formatDuration } from "../../player/index.ts";
import { videoDurationOf, videoPosterOf } from "../entry-media.ts";
import { EntryItemFrame } from "./entry-item-frame.tsx";
import { SourceLine, UnreadDot } from "./item-bits.tsx";
import { useEntryItem } from "./use-entry-item.ts";

/** Height of a card's text under its 16:9 picture, for the grid's size estimates. */
export const VIDEO_CAPTION_HEIGHT = 72;

/**
 * A Videos card (facts §7): the 16:9 poster with a play mark and the length when known, then the
 * title, source and time. A click opens the entry (hover previews are not played).
 */
export function VideoItem({ id }: { id: string }) {
  const { item, source } = useEntryItem(id);
  const [failed, setFailed] = useState(false);
  const entry = item?.entry;
  const poster = useMemo(() => (entry ? videoPosterOf(entry) : null), [entry]);
  if (!item || !entry) return null;
  const duration = videoDurationOf(entry);
  const unread = item.read === false;
  return (
    <EntryItemFrame id={id} className="group pb-1" selectedClassName="[&>div:first-child]:ring-2 [&>div:first-child]:ring-orange-500">
      <div className="relative aspect-video overflow-hidden rounded-lg bg-zinc-200 ring-offset-2 ring-offset-white dark:bg-zinc-800 dark:ring-offset-zinc-950">
        {poster && !failed ? (
          <img
            src={poster}
            alt=""
            loading="lazy"
            decoding="async"
            referrerPolicy="no-referrer"
            className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
            onError={() => setFailed(true)}
          />
        ) : (
          <div className="flex size-full items-center justify-center text-zinc-400">
            <VideoOff className="size-8" aria-hidden />
          </div>
        )}
        <span className="absolute inset-0 flex items-center justify-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-black/50 text-white opacity-90 backdrop-blur-sm transition group-hover:scale-110 group-hover:bg-orange-500">
            <Play className="ml-0.5 size-5 fill-current" aria-hidden />
          </span>
        </span>
        {duration ? (
          <span className="absolute right-1.5 bottom-1.5 rounded bg-black/70 px-1.5 py-0.5 text-[11px] font-medium text-white tabular-nums">{formatDuration(duration)}</span>
        ) : null}
        {unread ? <UnreadDot className="absolute top-2 left-2 size-2! ring-2 ring-white dark:ring-zinc-900" /> : null}
      </div>
      <h2
        className={clsx("mt-2 line-clamp-2 px-0.5 text-sm leading-snug", unread ? "font-semibold text-zinc-900 dark:text-zinc-100" : "font-medium text-zinc-600 dark:text-zinc-400")}
        title={entry.title ?? undefined}
      >
        {entry.title || entry.url}
      </h2>
      <SourceLine source={source} date={entry.publishedAt} starred={item.starredAt !== null} className="mt-1 px-0.5" />
    </EntryItemFrame>
  );
}
