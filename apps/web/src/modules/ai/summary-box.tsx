import type { Entry } from "@tidings/contracts";
import { RotateCw, Sparkles } from "lucide-react";
import { useTranslation } from "react-i18next";
import { aiErrorText } from "./ai-error.ts";
import type { SummaryState } from "./summary.store.ts";
import { SummaryText } from "./summary-text.tsx";
import { useEntrySummary } from "./use-entry-summary.ts";

function Generating() {
  const { t } = useTranslation("app");
  return (
    <div role="status" className="space-y-2" data-testid="entry-summary-pending">
      <span className="sr-only">{t("ai.summary_generating")}</span>
      <div className="h-3 w-11/12 animate-pulse rounded bg-orange-200/60 dark:bg-orange-300/10" />
      <div className="h-3 w-4/5 animate-pulse rounded bg-orange-200/60 dark:bg-orange-300/10" />
      <div className="h-3 w-2/3 animate-pulse rounded bg-orange-200/60 dark:bg-orange-300/10" />
    </div>
  );
}

function Failed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation("app");
  const { message, reason } = aiErrorText(error);
  return (
    <div className="flex items-start gap-3" role="alert">
      <div className="min-w-0 flex-1">
        <p className="text-red-700 dark:text-red-300">{t("ai.summary_failed", { message })}</p>
        {reason ? <p className="mt-0.5 text-xs break-words text-zinc-500 dark:text-zinc-400">{reason}</p> : null}
      </div>
      <button
        type="button"
        onClick={onRetry}
        className="inline-flex shrink-0 items-center gap-1.5 rounded-md px-2 py-1 text-sm font-medium text-orange-700 hover:bg-orange-100 dark:text-orange-300 dark:hover:bg-orange-500/10"
      >
        <RotateCw className="size-3.5" aria-hidden />
        {t("ai.retry")}
      </button>
    </div>
  );
}

/**
 * The AI summary above an entry's content: a quiet "generating" state, then the text as it is
 * written, or what went wrong with a way to try again. Nothing when there is no summary to show.
 */
export function SummaryBox({ state, onRetry }: { state: SummaryState | undefined; onRetry: () => void }) {
  const { t } = useTranslation("app");
  if (!state || (state.status === "success" && !state.text.trim())) return null;
  const writing = state.status === "pending";
  return (
    <section
      aria-label={t("ai.summary")}
      aria-busy={writing || undefined}
      data-testid="entry-summary"
      data-status={state.status}
      className="mb-6 rounded-xl border border-orange-200/80 bg-orange-50/70 px-4 py-3 text-[0.95rem] leading-relaxed text-zinc-800 dark:border-orange-400/15 dark:bg-orange-400/[0.06] dark:text-zinc-200"
    >
      <h2 className="mb-2 flex items-center gap-1.5 text-xs font-semibold tracking-wide text-orange-700 uppercase dark:text-orange-300">
        <Sparkles className="size-3.5" aria-hidden />
        {t("ai.summary")}
        {state.status === "success" && state.extractive ? <span className="font-normal tracking-normal text-zinc-500 normal-case dark:text-zinc-400">· {t("ai.summary_extractive")}</span> : null}
      </h2>
      {state.status === "error" ? <Failed error={state.error} onRetry={onRetry} /> : writing && !state.text ? <Generating /> : <SummaryText text={state.text} writing={writing} />}
    </section>
  );
}

/** The summary slot of the reader for one entry (see {@link useEntrySummary}). */
export function EntrySummary({ entry, readabilityHtml }: { entry: Entry; readabilityHtml: string | null }) {
  const { visible, state, retry } = useEntrySummary(entry, readabilityHtml);
  return visible ? <SummaryBox state={state} onRetry={retry} /> : null;
}
