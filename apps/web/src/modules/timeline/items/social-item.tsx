import clsx from "clsx";
import { type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { FeedIcon } from "../../../components/feed-icon.tsx";
import { useGeneralSetting } from "../../../store/settings.store.ts";
import { EntryContent } from "../../renderer/index.ts";
import { plainText, postImagesOf, xHandleOf } from "../entry-media.ts";
import { EntryItemFrame } from "./entry-item-frame.tsx";
import { RelativeTime, StarMark, UnreadDot } from "./item-bits.tsx";
import { SocialActionBar } from "./social-action-bar.tsx";
import { SocialMediaGrid } from "./social-media-grid.tsx";
import { useEntryItem } from "./use-entry-item.ts";
import { XLogo } from "./x-logo.tsx";

/** Posts taller than this are cut with a fade and "Show more" (unless `autoExpandLongSocialMedia`). */
export const COLLAPSED_HEIGHT = 400;

function Avatar({ src, fallback }: { src: string | null; fallback: ReactNode }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) return <>{fallback}</>;
  return <img src={src} alt="" loading="lazy" decoding="async" referrerPolicy="no-referrer" className="size-8 shrink-0 rounded-full object-cover" onError={() => setFailed(true)} />;
}

/**
 * A SocialMedia post (facts §7): avatar, author, X handle, time; the whole post inline, cut when
 * long; its pictures below; a floating action bar on hover.
 */
export function SocialItem({ id }: { id: string }) {
  const { t } = useTranslation("app");
  const { item, source } = useEntryItem(id);
  const autoExpand = useGeneralSetting("autoExpandLongSocialMedia");
  const [expanded, setExpanded] = useState(false);
  const [tall, setTall] = useState(false);
  const [hovered, setHovered] = useState(false);
  const body = useRef<HTMLDivElement>(null);
  const entry = item?.entry;
  const media = useMemo(() => (entry ? postImagesOf(entry) : []), [entry]);
  const fallbackText = useMemo(() => (entry?.content ? "" : plainText(entry?.description, 2000)), [entry]);

  useEffect(() => {
    const element = body.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => setTall(element.offsetHeight > COLLAPSED_HEIGHT + 48));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  if (!item || !entry) return null;
  const handle = xHandleOf(entry.url);
  const author = entry.author?.trim() || source.title;
  const collapsed = tall && !expanded && !autoExpand;
  return (
    <EntryItemFrame
      id={id}
      className="flex gap-3 border-b border-zinc-100 px-4 py-4 transition-colors hover:bg-zinc-50/70 dark:border-zinc-900 dark:hover:bg-zinc-900/50"
      selectedClassName="bg-orange-50/70! dark:bg-orange-500/10!"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
    >
      {item.read === false ? <UnreadDot className="absolute top-7 left-1.5" /> : null}
      <Avatar src={entry.authorAvatar} fallback={<FeedIcon image={source.image} siteUrl={source.siteUrl} url={source.url} title={source.title} size={32} className="rounded-full!" />} />
      <div className="min-w-0 flex-1">
        <div className="flex min-w-0 items-center gap-1.5 text-sm">
          <span className="truncate font-semibold text-zinc-900 dark:text-zinc-100">{author}</span>
          {handle ? (
            <span className="flex min-w-0 items-center gap-1 truncate text-zinc-500">
              <XLogo className="size-3 shrink-0" />@{handle}
            </span>
          ) : null}
          <span className="text-zinc-400" aria-hidden>
            ·
          </span>
          <RelativeTime date={entry.publishedAt} className="text-zinc-500" />
          {item.starredAt ? <StarMark /> : null}
        </div>
        <div className={clsx("relative mt-1", collapsed && "overflow-hidden")} style={collapsed ? { maxHeight: COLLAPSED_HEIGHT } : undefined}>
          <div ref={body} className="text-[15px]">
            {entry.content ? (
              <EntryContent html={entry.content} baseUrl={entry.url ?? undefined} noMedia className="social-post" />
            ) : (
              <p className="leading-relaxed whitespace-pre-line text-zinc-800 dark:text-zinc-200">{fallbackText || entry.title}</p>
            )}
          </div>
          {collapsed ? <div className="pointer-events-none absolute inset-x-0 bottom-0 h-24 bg-gradient-to-t from-white to-transparent dark:from-zinc-950" /> : null}
        </div>
        {tall && !autoExpand ? (
          <button type="button" className="mt-1 text-sm font-medium text-orange-600 hover:underline dark:text-orange-400" onClick={() => setExpanded((value) => !value)}>
            {expanded ? t("timeline.show_less") : t("timeline.show_more")}
          </button>
        ) : null}
        <SocialMediaGrid media={media} />
      </div>
      {hovered ? <SocialActionBar id={id} /> : null}
    </EntryItemFrame>
  );
}
