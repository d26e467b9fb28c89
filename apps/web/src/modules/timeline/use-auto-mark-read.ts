import type { FeedView } from "@tidings/contracts";
import type { Virtualizer } from "@tanstack/react-virtual";
import { useCallback, useEffect, useRef } from "react";
import { markRead } from "../../actions/read.actions.ts";
import { useGeneralSetting } from "../../store/settings.store.ts";
import type { TimelineRow } from "./group-by-date.ts";
import { entryIdsBetween, firstVisibleIndex } from "./scroll-mark-read.ts";
import { isWideView } from "./view-kind.ts";

/** Entries scrolled past are marked together, at most this often: never inside a scroll frame. */
export const AUTO_MARK_BATCH_MS = 250;

/**
 * Marks entries read as the list moves (spec §4): those scrolled above the top edge
 * (`scrollMarkUnread`), and in the wide views those shown at all (`renderMarkUnread`). Answers the
 * virtualizer's `onChange`. Each entry is handled once per timeline (`resetKey`), so one marked
 * unread again by hand stays unread when more pages arrive.
 */
export function useAutoMarkRead(rows: readonly TimelineRow[], view: FeedView, resetKey: string) {
  const onScroll = useGeneralSetting("scrollMarkUnread");
  const onRender = useGeneralSetting("renderMarkUnread") && isWideView(view);
  // `scanned`: rows before it were looked at already (scrolling down then up rescans nothing).
  const state = useRef({ rows, handled: new Set<string>(), resetKey, scanned: 0 });

  // Ids waiting to be marked: the virtualizer calls back inside its scroll frame (synchronously
  // rendered), and marking there re-rendered counts and the column on every frame of a fling.
  const queued = useRef<{ ids: string[]; timer: ReturnType<typeof setTimeout> | null }>({ ids: [], timer: null });
  const flush = useCallback(() => {
    const batch = queued.current;
    if (batch.timer) clearTimeout(batch.timer);
    batch.timer = null;
    if (batch.ids.length === 0) return;
    const ids = batch.ids;
    batch.ids = [];
    markRead(ids);
  }, []);

  useEffect(() => {
    const current = state.current;
    state.current = { rows, handled: current.resetKey === resetKey ? current.handled : new Set(), resetKey, scanned: 0 };
  }, [rows, resetKey]);
  // Leaving the timeline (or switching to another) marks what was already scrolled past.
  useEffect(() => flush, [resetKey, flush]);

  return useCallback(
    (instance: Virtualizer<HTMLDivElement, Element>) => {
      const current = state.current;
      const { rows, handled } = current;
      const ids: string[] = [];
      const take = (from: number, to: number) => {
        for (const id of entryIdsBetween(rows, from, to)) {
          if (handled.has(id)) continue;
          handled.add(id);
          ids.push(id);
        }
      };
      if (onScroll) {
        const first = firstVisibleIndex(instance.getVirtualItems(), instance.scrollOffset ?? 0);
        if (first > current.scanned) {
          take(current.scanned, first);
          current.scanned = first;
        }
      }
      if (onRender && instance.range) take(instance.range.startIndex, instance.range.endIndex + 1);
      if (ids.length === 0) return;
      const batch = queued.current;
      batch.ids.push(...ids);
      batch.timer ??= setTimeout(flush, AUTO_MARK_BATCH_MS);
    },
    [onScroll, onRender, flush],
  );
}
