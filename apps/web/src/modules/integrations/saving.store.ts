import { create } from "zustand";
import type { IntegrationId } from "./services.ts";

/** Saves in flight, by entry: their actions show a spinner. */
export const useSaving = create<Record<string, IntegrationId[]>>(() => ({}));

export function markSaving(entryId: string, id: IntegrationId, busy: boolean): void {
  useSaving.setState((state) => {
    const ids = (state[entryId] ?? []).filter((known) => known !== id);
    return { [entryId]: busy ? [...ids, id] : ids };
  });
}
