import type { Entry } from "@tidings/contracts";
import { useEffect, useMemo } from "react";
import { useEntries } from "../../store/entries.store.ts";
import { useGeneralSetting } from "../../store/settings.store.ts";
import { useActionLanguage } from "./action-language.ts";
import { useSummaryShown } from "./ai-view.store.ts";
import { canSummarize } from "./plain-text.ts";
import type { SummaryRequest, SummaryTarget } from "./summary-stream.ts";
import { summaryActions, summaryKey, type SummaryState, useSummaries } from "./summary.store.ts";

export interface EntrySummary {
  /** The summary box shows: asked for (setting or action) and the text is long enough. */
  visible: boolean;
  state: SummaryState | undefined;
  retry: () => void;
}

/**
 * The summary the reader shows above an entry: asked for when the `summary` setting (or the
 * action, for this entry) says so and the text has at least 100 characters, in the language of
 * the AI helpers, of the readability article while that is what the reader shows.
 */
export function useEntrySummary(entry: Entry, readabilityHtml: string | null): EntrySummary {
  const setting = useGeneralSetting("summary");
  const byAction = useEntries((s) => s.byId[entry.id]?.settings?.summary === true);
  const shown = useSummaryShown(entry.id, setting || byAction);
  const language = useActionLanguage();
  const target: SummaryTarget = readabilityHtml ? "readabilityContent" : "content";
  const html = readabilityHtml ?? entry.content ?? entry.description;
  const eligible = useMemo(() => canSummarize(html), [html]);
  const request = useMemo<SummaryRequest>(() => ({ entryId: entry.id, language, target }), [entry.id, language, target]);
  const state = useSummaries((s) => s.byKey[summaryKey(request)]);
  const wanted = shown && eligible;

  useEffect(() => {
    if (wanted) void summaryActions.request(request);
  }, [wanted, request]);

  return { visible: wanted, state, retry: () => void summaryActions.retry(request) };
}
