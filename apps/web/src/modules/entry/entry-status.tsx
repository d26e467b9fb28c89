import { CloudOff, FileQuestion, LoaderCircle, RotateCw } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { EntryLoadStatus } from "./entry-query.ts";

/** What the reader shows instead of an article: loading, not found, offline, or an error with a retry. */
export function EntryStatus({ status, onRetry }: { status: EntryLoadStatus; onRetry: () => void }) {
  const { t } = useTranslation("app");
  if (status === "pending" || status === "loading" || status === "ready") {
    return (
      <div className="mx-auto w-full max-w-[720px] px-6 py-10 sm:px-10" role="status" aria-label={t("entry.loading")} data-testid="entry-loading">
        <div className="animate-pulse space-y-4">
          <div className="h-4 w-40 rounded bg-zinc-200 dark:bg-zinc-800" />
          <div className="h-8 w-4/5 rounded bg-zinc-200 dark:bg-zinc-800" />
          <div className="h-4 w-56 rounded bg-zinc-200 dark:bg-zinc-800" />
          <div className="space-y-2.5 pt-6">
            {[100, 96, 92, 98, 70].map((width) => (
              <div key={width} className="h-3.5 rounded bg-zinc-100 dark:bg-zinc-900" style={{ width: `${width}%` }} />
            ))}
          </div>
        </div>
        <p className="mt-6 flex items-center gap-2 text-sm text-zinc-400">
          <LoaderCircle className="size-4 animate-spin" aria-hidden />
          {t("entry.loading")}
        </p>
      </div>
    );
  }
  const offline = status === "offline";
  const Icon = offline ? CloudOff : FileQuestion;
  return (
    <div className="flex h-full flex-col items-center justify-center gap-3 p-8 text-center" data-testid="entry-unavailable">
      <Icon className="size-9 text-zinc-400" aria-hidden />
      <p className="font-medium text-zinc-800 dark:text-zinc-200">{t("entry.not_found_title")}</p>
      <p className="max-w-sm text-sm text-zinc-500">{offline ? t("entry.offline_description") : t("entry.not_found_description")}</p>
      {status === "error" ? (
        <button
          type="button"
          className="mt-2 inline-flex items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-medium text-zinc-700 ring-1 ring-zinc-200 hover:bg-zinc-50 dark:text-zinc-200 dark:ring-zinc-700 dark:hover:bg-zinc-900"
          onClick={onRetry}
        >
          <RotateCw className="size-4" aria-hidden />
          {t("entry.retry")}
        </button>
      ) : null}
    </div>
  );
}
