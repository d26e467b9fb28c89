import { useQuery } from "@tanstack/react-query";
import { ErrorCode } from "@tidings/contracts";
import { RotateCw } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ApiError } from "../../lib/api-client.ts";
import { dailyReportQuery, type DailyView } from "../../queries/ai.ts";
import { AI_SETTINGS_PATH } from "./ai-actions.ts";
import { aiErrorText } from "./ai-error.ts";
import { Markdown } from "./markdown.tsx";

function Loading() {
  const { t } = useTranslation("app");
  return (
    <div role="status" className="space-y-3" data-testid="daily-report-loading">
      <p className="text-sm text-zinc-500">{t("ai.daily_generating")}</p>
      {[92, 80, 86, 60].map((width) => (
        <div key={width} className="h-3 animate-pulse rounded bg-zinc-200 dark:bg-zinc-800" style={{ width: `${width}%` }} />
      ))}
    </div>
  );
}

/** One window's report: written on first look, then kept (the server stores it too). */
export function DailyReportPanel({ view, start, timeZone, language, onNavigate }: { view: DailyView; start: number; timeZone: string; language: string; onNavigate: () => void }) {
  const { t } = useTranslation("app");
  const query = useQuery(dailyReportQuery(view, start, timeZone, language));
  if (query.isPending) return <Loading />;
  if (query.isError) {
    const unavailable = query.error instanceof ApiError && query.error.code === ErrorCode.AiNotConfigured;
    const { message, reason } = aiErrorText(query.error);
    return (
      <div className="space-y-3 py-6 text-center text-sm" role="alert" data-testid="daily-report-error">
        <p className="text-zinc-700 dark:text-zinc-300">{unavailable ? t("ai.daily_unavailable") : t("ai.daily_failed", { message })}</p>
        {reason ? <p className="text-xs text-zinc-500">{reason}</p> : null}
        {unavailable ? (
          <Link to={AI_SETTINGS_PATH} onClick={onNavigate} className="inline-block font-medium text-orange-600 hover:underline dark:text-orange-400">
            {t("ai.open_settings")}
          </Link>
        ) : (
          <button type="button" onClick={() => void query.refetch()} className="inline-flex items-center gap-1.5 font-medium text-orange-600 hover:underline dark:text-orange-400">
            <RotateCw className="size-3.5" aria-hidden />
            {t("ai.retry")}
          </button>
        )}
      </div>
    );
  }
  if (!query.data?.trim()) return <p className="py-6 text-center text-sm text-zinc-500">{t("ai.daily_empty")}</p>;
  return <Markdown source={query.data} onNavigate={onNavigate} className="space-y-3 text-[0.95rem] leading-relaxed text-zinc-800 dark:text-zinc-200" />;
}
