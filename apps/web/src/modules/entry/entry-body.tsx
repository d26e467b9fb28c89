import type { Entry } from "@tidings/contracts";
import { BookOpenText, ExternalLink, FileX, LoaderCircle } from "lucide-react";
import type { MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import type { EntryViewMode, ReadabilityState } from "../../store/entry-view.store.ts";
import { openInBrowser, toggleReadability } from "../entry-actions/index.ts";
import { EntryContent } from "../renderer/index.ts";

export interface EntryBodyProps {
  entry: Entry;
  mode: EntryViewMode;
  readability: ReadabilityState | undefined;
  /** The text translated (AI translation), shown instead of the original when set. */
  translatedHtml?: string | null;
  noMedia: boolean;
  onLinkClick: (url: string, event: MouseEvent<HTMLElement>) => void;
}

/** Whether HTML has nothing to show: no text and no media (the placeholder with a way out shows instead). */
export function isBlankHtml(html: string | null | undefined): boolean {
  if (!html?.trim()) return true;
  if (/<(img|video|audio|iframe|picture|svg|object|embed)\b/i.test(html)) return false;
  return !html.replace(/<[^>]*>/g, "").replace(/&nbsp;|&#160;/g, " ").trim();
}

function NoContent({ url }: { url: string | null }) {
  const { t } = useTranslation("app");
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-zinc-300 px-6 py-12 text-center dark:border-zinc-700" data-testid="entry-no-content">
      <FileX className="size-8 text-zinc-400" aria-hidden />
      <p className="font-medium text-zinc-700 dark:text-zinc-300">{t("entry.no_content")}</p>
      {url ? (
        <>
          <p className="text-sm text-zinc-500">{t("entry.no_content_hint")}</p>
          <button
            type="button"
            className="mt-1 inline-flex items-center gap-1.5 rounded-lg bg-orange-500 px-3 py-1.5 text-sm font-medium text-white hover:bg-orange-600"
            onClick={() => openInBrowser(url)}
          >
            <ExternalLink className="size-4" aria-hidden />
            {t("entry.open_in_browser")}
          </button>
        </>
      ) : null}
    </div>
  );
}

/** The HTML the reader shows in a mode: the feed's content, or the fetched article once it is there. */
export function bodyHtml(entry: Entry, mode: EntryViewMode, readability: ReadabilityState | undefined): string | null | undefined {
  if (mode === "readability" && readability?.status === "ready" && readability.content) return readability.content;
  return entry.content ?? (entry.content === undefined ? entry.description : null);
}

/**
 * The article text: the feed's content through the renderer, or in readability mode the full
 * article (a loading state while it is fetched, and a notice saying what is shown).
 */
export function EntryBody({ entry, mode, readability, translatedHtml, noMedia, onLinkClick }: EntryBodyProps) {
  const { t } = useTranslation("app");
  if (mode === "readability" && readability?.status === "loading") {
    return (
      <p className="flex items-center gap-2 py-10 text-sm text-zinc-500" role="status" data-testid="readability-loading">
        <LoaderCircle className="size-4 animate-spin" aria-hidden />
        {t("entry.readability_loading")}
      </p>
    );
  }
  const html = translatedHtml ?? bodyHtml(entry, mode, readability);
  const showingArticle = mode === "readability" && readability?.status === "ready";
  return (
    <>
      {showingArticle ? (
        <div className="mb-6 flex items-center gap-3 rounded-lg bg-orange-50 px-3 py-2 text-sm text-orange-900 dark:bg-orange-500/10 dark:text-orange-200" data-print-hide data-testid="readability-notice">
          <BookOpenText className="size-4 shrink-0" aria-hidden />
          <span className="min-w-0 flex-1">{t("entry.readability_notice")}</span>
          <button type="button" className="shrink-0 font-medium underline-offset-2 hover:underline" onClick={() => void toggleReadability(entry.id)}>
            {t("entry.readability_back")}
          </button>
        </div>
      ) : null}
      {isBlankHtml(html) ? <NoContent url={entry.url} /> : <EntryContent html={html} baseUrl={entry.url ?? undefined} noMedia={noMedia} onLinkClick={onLinkClick} />}
    </>
  );
}
