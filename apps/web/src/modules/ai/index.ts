// The AI helpers (spec §1): summaries, translation and the daily report, over the server's /ai
// API (facts §2.10). Text-to-speech is the speech module; Settings → AI is in the settings module.
export { EntrySummary } from "./summary-box.tsx";
export { aiViewActions, useAiView } from "./ai-view.store.ts";
export { toggleSummary, toggleTranslation } from "./ai-actions.ts";
export { canSummarize } from "./plain-text.ts";
export { useSummaries } from "./summary.store.ts";
export { useReaderTranslation } from "./use-reader-translation.tsx";
export { ListTranslation, useListTranslationWanted } from "./list-translation.tsx";
export { openDailyReport } from "./daily-report.tsx";
