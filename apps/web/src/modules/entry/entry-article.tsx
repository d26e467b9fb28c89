import type { FeedView } from "@tidings/contracts";
import clsx from "clsx";
import { CloudOff } from "lucide-react";
import { type MouseEvent, type RefObject, useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { EntryState } from "../../store/entries.store.ts";
import { useEntryView } from "../../store/entry-view.store.ts";
import { useUISetting } from "../../store/settings.store.ts";
import { useSource } from "../../store/sources.store.ts";
import { EntrySummary, useReaderTranslation } from "../ai/index.ts";
import { PRINT_ATTRIBUTE } from "../entry-actions/index.ts";
import { SupportCreator } from "../power/boot.ts";
import { firstImage } from "../renderer/index.ts";
import { EntryAttachments } from "./entry-attachments.tsx";
import { bodyHtml, EntryBody } from "./entry-body.tsx";
import { EntryHeader } from "./entry-header.tsx";
import { EntryMedia } from "./entry-media.tsx";
import { readingMinutes } from "./reading-time.ts";
import { SourceFrame } from "./source-frame.tsx";

export interface EntryArticleProps {
  state: EntryState;
  view: FeedView;
  /** The content is not loaded and cannot be now: what the store has is shown, with a notice. */
  offline: boolean;
  scroller: RefObject<HTMLDivElement | null>;
  onLinkClick: (url: string, event: MouseEvent<HTMLElement>) => void;
}

/**
 * One entry, read: header, body (content, readability article or the page itself), media and
 * attachments, then ways to support the creator, at a comfortable reading width (no limit in wide
 * mode).
 */
export function EntryArticle({ state, view, offline, scroller, onLinkClick }: EntryArticleProps) {
  const { t } = useTranslation("app");
  const { entry } = state;
  const mode = useEntryView((s) => s.mode[entry.id] ?? "content");
  const readability = useEntryView((s) => s.readability[entry.id]);
  const wide = useUISetting("wideMode");
  const source = useSource(state.sourceKey);
  const html = bodyHtml(entry, mode, readability);
  const readabilityHtml = mode === "readability" && readability?.status === "ready" ? readability.content : null;
  const translation = useReaderTranslation(entry, view, readabilityHtml);
  const minutes = useMemo(() => readingMinutes(html), [html]);

  if (mode === "source" && entry.url) return <SourceFrame entryId={entry.id} url={entry.url} title={entry.title ?? entry.url} />;

  const cover = entry.media?.find((m) => m.type === "photo")?.url ?? firstImage(entry.content, entry.url ?? undefined) ?? source?.image ?? null;
  return (
    <div ref={scroller} className="min-h-0 flex-1 overflow-y-auto" data-testid="entry-scroller">
      <article {...{ [PRINT_ATTRIBUTE]: entry.id }} className={clsx("mx-auto w-full px-6 pt-8 pb-24 sm:px-10", !wide && "max-w-[720px]")} lang={entry.language ?? undefined} data-testid="entry-article">
        <EntryHeader state={state} view={view} minutes={minutes} translatedTitle={translation.title} onLinkClick={onLinkClick} />
        {offline ? (
          <p className="mb-6 flex items-center gap-2 rounded-lg bg-zinc-100 px-3 py-2 text-sm text-zinc-600 dark:bg-zinc-900 dark:text-zinc-400" data-print-hide>
            <CloudOff className="size-4 shrink-0" aria-hidden />
            {t("entry.offline_description")}
          </p>
        ) : null}
        <EntrySummary entry={entry} readabilityHtml={readabilityHtml} />
        <EntryMedia entry={entry} html={html} />
        <EntryAttachments entry={entry} feedTitle={source?.title ?? null} cover={cover} onLinkClick={onLinkClick} />
        {translation.bar}
        <div lang={translation.lang ?? undefined} className="contents">
          <EntryBody entry={entry} mode={mode} readability={readability} translatedHtml={translation.html} noMedia={view === 5} onLinkClick={onLinkClick} />
        </div>
        <SupportCreator entryId={entry.id} feedId={entry.feedId} title={entry.title} />
      </article>
    </div>
  );
}
