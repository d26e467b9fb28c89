import { ExternalLink, Info, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { entryViewActions } from "../../store/entry-view.store.ts";
import { openInBrowser } from "../entry-actions/index.ts";

/**
 * Sandbox of the page shown inside the reader: it may run its scripts and open links in new tabs,
 * but never navigate the app. Same-origin rights are only given to pages of other origins: with
 * them, a page of the app's own origin could reach into the app.
 */
export function sandboxFor(url: string): string {
  const base = "allow-scripts allow-popups allow-popups-to-escape-sandbox allow-forms";
  try {
    return new URL(url).origin === window.location.origin ? base : `${base} allow-same-origin`;
  } catch {
    return base;
  }
}

/**
 * "View source content": the entry's page itself inside the reader. Many sites forbid being
 * framed and the browser then shows nothing the app can detect, so a hint with an "open in
 * browser" way out is always there.
 */
export function SourceFrame({ entryId, url, title }: { entryId: string; url: string; title: string }) {
  const { t } = useTranslation("app");
  return (
    <div className="flex h-full min-h-0 flex-col" data-testid="source-frame">
      <div className="flex shrink-0 items-center gap-3 border-b border-zinc-200 bg-amber-50 px-4 py-2 text-sm text-amber-900 dark:border-zinc-800 dark:bg-amber-500/10 dark:text-amber-200">
        <Info className="size-4 shrink-0" aria-hidden />
        <p className="min-w-0 flex-1">{t("entry.source_hint")}</p>
        <button
          type="button"
          className="inline-flex shrink-0 items-center gap-1.5 rounded-md bg-white px-2.5 py-1 font-medium text-zinc-800 shadow-sm ring-1 ring-zinc-200 hover:bg-zinc-50 dark:bg-zinc-800 dark:text-zinc-100 dark:ring-zinc-700 dark:hover:bg-zinc-700"
          onClick={() => openInBrowser(url)}
        >
          <ExternalLink className="size-3.5" aria-hidden />
          {t("entry.open_in_browser")}
        </button>
        <button
          type="button"
          className="inline-flex size-7 shrink-0 items-center justify-center rounded-md hover:bg-amber-100 dark:hover:bg-amber-500/20"
          aria-label={t("entry.source_back")}
          title={t("entry.source_back")}
          onClick={() => entryViewActions.setMode(entryId, "content")}
        >
          <X className="size-4" aria-hidden />
        </button>
      </div>
      <iframe
        src={url}
        title={t("entry.source_title", { title })}
        sandbox={sandboxFor(url)}
        referrerPolicy="no-referrer"
        loading="lazy"
        className="min-h-0 w-full flex-1 border-0 bg-white"
      />
    </div>
  );
}
