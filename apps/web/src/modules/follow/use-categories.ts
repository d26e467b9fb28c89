import { useMemo } from "react";
import { useSubscriptions } from "../../store/subscriptions.store.ts";

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });

/** The categories in use (every view), in name order: what category fields suggest. */
export function useCategorySuggestions(): string[] {
  const byKey = useSubscriptions((state) => state.byKey);
  return useMemo(() => [...new Set(Object.values(byKey).flatMap((s) => (s.category ? [s.category] : [])))].sort(collator.compare), [byKey]);
}
