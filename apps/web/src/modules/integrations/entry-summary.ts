import { useSummaries } from "../ai/index.ts";

/** The entry's AI summary when one was made in this session (any language or target), else null. */
export function storedSummary(entryId: string): string | null {
  const { byKey } = useSummaries.getState();
  for (const [key, state] of Object.entries(byKey)) {
    if (key.startsWith(`${entryId}|`) && state.status === "success" && state.text.trim()) return state.text.trim();
  }
  return null;
}
