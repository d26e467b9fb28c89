import clsx from "clsx";
import { ImageOff, Images } from "lucide-react";
import { useMemo, useState } from "react";
import { proxiedImage, rememberImageSize, useImageConfig } from "../../../lib/image-proxy.ts";
import { plainText, thumbnailOf } from "../entry-media.ts";
import { EntryItemFrame } from "./entry-item-frame.tsx";
import { StarMark, UnreadDot } from "./item-bits.tsx";
import { useEntryItem } from "./use-entry-item.ts";

/** Height of the caption under a tile (two short lines), for the grid's size estimates. */
export const PICTURE_CAPTION_HEIGHT = 44;

/** The ratio a masonry tile is drawn at before its picture says (width / height), within sane bounds. */
export function pictureRatio(width: number | undefined, height: number | undefined): number | null {
  return width && height ? Math.min(3, Math.max(0.33, width / height)) : null;
}

/**
 * A Pictures tile (facts §7): the entry's picture, square in the grid or at its own ratio in the
 * masonry, the title under it; unread dot, star and a count when there are several pictures.
 */
export function PictureItem({ id, masonry }: { id: string; masonry: boolean }) {
  const { item } = useEntryItem(id);
  // The 600 px thumbnail through the image proxy first, then the picture's own address.
  const [failed, setFailed] = useState(0);
  const images = useImageConfig();
  const entry = item?.entry;
  const picture = useMemo(() => (entry ? thumbnailOf(entry) : null), [entry]);
  const caption = useMemo(() => entry?.title?.trim() || plainText(entry?.description, 120), [entry]);
  if (!item || !entry) return null;
  const count = (entry.media ?? []).filter((m) => m.type === "photo").length;
  const ratio = pictureRatio(picture?.width, picture?.height);
  const src = picture ? ([...new Set([proxiedImage(picture.url, 600, images), picture.url])][failed] ?? null) : null;
  return (
    <EntryItemFrame id={id} className="group pb-1" selectedClassName="[&>div:first-child]:ring-2 [&>div:first-child]:ring-orange-500">
      <div
        className={clsx("relative overflow-hidden rounded-lg bg-zinc-100 ring-offset-2 ring-offset-white dark:bg-zinc-800 dark:ring-offset-zinc-950", (!masonry || !src) && "aspect-square")}
        style={masonry && src && ratio ? { aspectRatio: ratio } : undefined}
      >
        {src ? (
          <img
            key={src}
            src={src}
            alt={entry.title ?? ""}
            loading="lazy"
            decoding="async"
            referrerPolicy="no-referrer"
            className={clsx("block w-full transition-transform duration-300 group-hover:scale-[1.03]", masonry && !ratio ? "h-auto min-h-24" : "h-full object-cover")}
            onError={() => setFailed((n) => n + 1)}
            onLoad={(event) => rememberImageSize(picture!.url, event.currentTarget.naturalWidth, event.currentTarget.naturalHeight)}
          />
        ) : (
          <div className="flex size-full items-center justify-center text-zinc-400">
            <ImageOff className="size-8" aria-hidden />
          </div>
        )}
        {item.read === false ? <UnreadDot className="absolute top-2 left-2 size-2! ring-2 ring-white dark:ring-zinc-900" /> : null}
        <div className="absolute top-1.5 right-1.5 flex items-center gap-1">
          {count > 1 ? (
            <span className="inline-flex items-center gap-0.5 rounded bg-black/55 px-1 py-0.5 text-[10px] font-medium text-white">
              <Images className="size-3" aria-hidden />
              {count}
            </span>
          ) : null}
          {item.starredAt ? <StarMark className="drop-shadow" /> : null}
        </div>
      </div>
      {caption ? (
        <p className={clsx("mt-1.5 line-clamp-2 px-0.5 text-xs leading-snug", item.read === false ? "font-medium text-zinc-800 dark:text-zinc-200" : "text-zinc-500 dark:text-zinc-400")}>
          {caption}
        </p>
      ) : null}
    </EntryItemFrame>
  );
}
