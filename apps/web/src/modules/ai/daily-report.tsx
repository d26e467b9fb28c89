import clsx from "clsx";
import i18next from "i18next";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { DailyView } from "../../queries/ai.ts";
import { modal } from "../modal/index.ts";
import { useActionLanguage } from "./action-language.ts";
import { DailyReportPanel } from "./daily-report-panel.tsx";
import { dailyWindows, latestClosedWindow, localTimeZone } from "./daily-window.ts";

const TAB =
  "relative rounded-md px-3 py-1.5 text-sm font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-40 aria-selected:bg-white aria-selected:text-zinc-900 aria-selected:shadow-sm dark:aria-selected:bg-zinc-700 dark:aria-selected:text-zinc-50";

/** The report of a view over the four windows, as tabs; it opens on the latest finished one. */
function DailyReport({ view, onNavigate }: { view: DailyView; onNavigate: () => void }) {
  const { t } = useTranslation("app");
  const language = useActionLanguage();
  const [now] = useState(() => new Date());
  const windows = dailyWindows(now);
  const [selected, setSelected] = useState(() => latestClosedWindow(windows).id);
  const current = windows.find((window) => window.id === selected)!;
  const time = (ms: number) => new Date(ms).toLocaleString(i18next.language, { weekday: "short", hour: "numeric", minute: "2-digit" });
  return (
    <div className="space-y-4 p-4" data-testid="daily-report">
      <div role="tablist" aria-label={t("ai.daily_windows")} className="flex flex-wrap gap-1 rounded-lg bg-zinc-100 p-1 text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300">
        {windows.map((window) => (
          <button
            key={window.id}
            type="button"
            role="tab"
            aria-selected={window.id === selected}
            disabled={window.state === "future"}
            className={clsx(TAB)}
            onClick={() => setSelected(window.id)}
          >
            {t(`ai.daily_${window.id}`)}
          </button>
        ))}
      </div>
      <p className="text-xs text-zinc-500">
        {t("ai.daily_range", { from: time(current.start), to: time(current.end) })}
        {current.state === "open" ? ` · ${t("ai.daily_so_far")}` : ""}
      </p>
      <div role="tabpanel" className="min-h-40">
        <DailyReportPanel key={current.id} view={view} start={current.start} timeZone={localTimeZone()} language={language} onNavigate={onNavigate} />
      </div>
    </div>
  );
}

export const DAILY_REPORT_MODAL_ID = "ai-daily-report";

/** Opens the AI daily report of Articles (0) or SocialMedia (1). */
export function openDailyReport(view: DailyView): void {
  modal.present({
    id: DAILY_REPORT_MODAL_ID,
    title: i18next.t("app:ai.daily_title"),
    size: "lg",
    content: ({ dismiss }) => <DailyReport view={view} onNavigate={dismiss} />,
  });
}
