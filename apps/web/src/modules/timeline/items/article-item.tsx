import clsx from "clsx";
import { useMemo } from "react";
import { useUISetting } from "../../../store/settings.store.ts";
import { ListTranslation, useListTranslationWanted } from "../../ai/index.ts";
import { AudioCover } from "../../player/index.ts";
import { audioOf, plainText, thumbnailOf } from "../entry-media.ts";
import { EntryItemFrame } from "./entry-item-frame.tsx";
import { SourceLine, UnreadDot } from "./item-bits.tsx";
import { Thumbnail } from "./thumbnail.tsx";
import { useEntryItem } from "./use-entry-item.ts";

/** Thumbnail edge in a normal row and in wide mode's compact rows (facts §7: 80 and 48 px). */
export const THUMB_SIZE = { normal: 80, compact: 48 } as const;

/**
 * An Articles or Audios row (facts §7): source and time, the title in bold while unread, two lines
 * of description, and the picture on the right, or the audio cover with its play button when the
 * entry has something to listen to.
 */
export function ArticleItem({ id, audioView }: { id: string; audioView: boolean }) {
  const { item, source } = useEntryItem(id);
  const compact = useUISetting("wideMode");
  const ratio = useUISetting("thumbnailRatio");
  const entry = item?.entry;
  const description = useMemo(() => plainText(entry?.description, 240), [entry?.description]);
  const thumbnail = useMemo(() => (entry ? thumbnailOf(entry) : null), [entry]);
  const translated = useListTranslationWanted(id);
  if (!item || !entry) return null;
  const audio = audioOf(entry, audioView);
  const size = compact ? THUMB_SIZE.compact : THUMB_SIZE.normal;
  const unread = item.read === false;
  const title = entry.title?.trim() || description || entry.url || "";
  return (
    <EntryItemFrame
      id={id}
      className={clsx("flex gap-3 border-b border-zinc-100 pr-4 pl-5 transition-colors select-none hover:bg-zinc-50 dark:border-zinc-900 dark:hover:bg-zinc-900/70", compact ? "py-2" : "py-3")}
      selectedClassName="bg-orange-50! dark:bg-orange-500/10!"
    >
      {unread ? <UnreadDot className="absolute top-[1.15rem] left-2" /> : null}
      <div className="min-w-0 flex-1">
        <SourceLine source={source} date={entry.publishedAt} starred={item.starredAt !== null} />
        <h2
          className={clsx(
            "mt-1 line-clamp-2 text-[15px] leading-snug break-words",
            unread ? "font-semibold text-zinc-900 dark:text-zinc-50" : "font-medium text-zinc-600 dark:text-zinc-400",
          )}
        >
          {title}
        </h2>
        {description && description !== title && !compact ? (
          <p className="mt-1 line-clamp-2 text-[13px] leading-snug break-words text-zinc-500 dark:text-zinc-400">{description}</p>
        ) : null}
        {translated ? <ListTranslation entry={entry} view={audioView ? 4 : 0} compact={compact} /> : null}
      </div>
      {audio ? (
        <AudioCover
          src={audio.url}
          entryId={id}
          title={entry.title}
          feedTitle={source.title}
          image={thumbnail?.url ?? source.image}
          duration={audio.duration_in_seconds ?? null}
          className={compact ? "size-12" : "size-20"}
        />
      ) : thumbnail ? (
        <Thumbnail src={thumbnail.url} size={size} ratio={ratio} {...(thumbnail.width ? { width: thumbnail.width } : {})} {...(thumbnail.height ? { height: thumbnail.height } : {})} />
      ) : null}
    </EntryItemFrame>
  );
}
