import type { EntryMedia } from "@tidings/contracts";
import clsx from "clsx";
import { Play } from "lucide-react";
import { type MouseEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { openImageGallery } from "../../renderer/index.ts";
import { MIN_MEDIA_SIZE } from "../entry-media.ts";

/** At most this many pictures show under a post; the last one says how many more there are. */
const MAX_SHOWN = 4;

/**
 * The pictures of a social post in a tidy grid (one large, two side by side, three or four in
 * tiles). Pictures that turn out tiny once loaded (<65 px, icons and spacers) drop out. A click
 * opens the image viewer; a video's preview opens the post.
 */
export function SocialMediaGrid({ media }: { media: EntryMedia[] }) {
  const { t } = useTranslation("app");
  const [tiny, setTiny] = useState<ReadonlySet<string>>(new Set());
  const shown = media.filter((m) => !tiny.has(m.url));
  if (shown.length === 0) return null;
  const visible = shown.slice(0, MAX_SHOWN);
  const extra = shown.length - visible.length;
  const photos = shown.filter((m) => m.type === "photo").map((m) => ({ src: m.url }));
  const open = (event: MouseEvent, item: EntryMedia) => {
    if (item.type !== "photo") return;
    event.stopPropagation();
    openImageGallery(photos, Math.max(0, photos.findIndex((p) => p.src === item.url)));
  };
  const single = visible.length === 1;
  return (
    <div className={clsx("mt-3 grid gap-1.5 overflow-hidden rounded-xl", single ? "grid-cols-1" : visible.length === 3 ? "grid-cols-3" : "grid-cols-2")}>
      {visible.map((item, index) => {
        const src = item.type === "photo" ? item.url : (item.preview_image_url ?? item.url);
        const ratio = single && item.width && item.height ? Math.max(0.6, Math.min(2.4, item.width / item.height)) : undefined;
        return (
          <button
            key={item.url}
            type="button"
            className={clsx("relative block overflow-hidden bg-zinc-100 dark:bg-zinc-800", single ? "max-h-[460px]" : "aspect-square")}
            style={ratio ? { aspectRatio: ratio } : undefined}
            aria-label={item.type === "photo" ? t("timeline.view_image") : t("timeline.play_video")}
            onClick={(event) => open(event, item)}
          >
            <img
              src={src}
              alt=""
              loading="lazy"
              decoding="async"
              referrerPolicy="no-referrer"
              className={clsx("size-full object-cover", single && !ratio && "h-auto max-h-[460px]")}
              onLoad={(event) => {
                const { naturalWidth, naturalHeight } = event.currentTarget;
                if (naturalWidth < MIN_MEDIA_SIZE || naturalHeight < MIN_MEDIA_SIZE) setTiny((set) => new Set(set).add(item.url));
              }}
              onError={() => setTiny((set) => new Set(set).add(item.url))}
            />
            {item.type === "video" ? (
              <span className="absolute inset-0 flex items-center justify-center">
                <span className="flex size-11 items-center justify-center rounded-full bg-black/55 text-white">
                  <Play className="size-5 fill-current" aria-hidden />
                </span>
              </span>
            ) : null}
            {extra > 0 && index === visible.length - 1 ? (
              <span className="absolute inset-0 flex items-center justify-center bg-black/45 text-lg font-semibold text-white">+{extra}</span>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}
