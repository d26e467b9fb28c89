import type { FeedView } from "@tidings/contracts";
import { useVirtualizer } from "@tanstack/react-virtual";
import clsx from "clsx";
import { type RefObject, useCallback, useImperativeHandle, useRef } from "react";
import type { MarkAllScope } from "../../actions/mark-all.actions.ts";
import { useUISetting } from "../../store/settings.store.ts";
import { DayHeader } from "./day-header.tsx";
import { dayHeadingIndex, type TimelineRow } from "./group-by-date.ts";
import { EntryRow } from "./items/entry-row.tsx";
import { ListFooter } from "./list-footer.tsx";
import type { ListHandle } from "./list-handle.ts";
import { useAutoMarkRead } from "./use-auto-mark-read.ts";
import { useInfiniteTrigger } from "./use-infinite-trigger.ts";
import { SOCIAL_COLUMN_WIDTH } from "./view-kind.ts";

/** Row heights before measuring, per view (close guesses keep the scrollbar steady). */
export function estimateRowHeight(view: FeedView, compact: boolean): number {
  if (view === 5) return 44;
  if (view === 1) return 220;
  return compact ? 66 : 106;
}

const DAY_HEIGHT = 36;

export interface EntryListProps {
  view: FeedView;
  rows: TimelineRow[];
  /** Changes when the timeline does: auto mark-read starts afresh. */
  resetKey: string;
  dayScope: MarkAllScope | null;
  hasNextPage: boolean;
  fetchingNextPage: boolean;
  fetchNextPage: () => void;
  handle: RefObject<ListHandle | null>;
}

/**
 * A timeline as a virtualised list (Articles, SocialMedia, Audios, Notifications): only the rows
 * in view exist, each measured once drawn, so 10 000 entries scroll smoothly. Day headings scroll
 * with the rows; the current day's stays pinned on top.
 */
export function EntryList(props: EntryListProps) {
  const { view, rows } = props;
  const compact = useUISetting("wideMode");
  const scrollRef = useRef<HTMLDivElement>(null);
  const onChange = useAutoMarkRead(rows, view, props.resetKey);
  const estimate = estimateRowHeight(view, compact);
  const getItemKey = useCallback((index: number) => rows[index]?.key ?? index, [rows]);
  const estimateSize = useCallback((index: number) => (rows[index]?.kind === "day" ? DAY_HEIGHT : estimate), [rows, estimate]);
  // The virtualizer hands out a mutable instance; this component re-renders on its changes.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize,
    getItemKey,
    overscan: 6,
    onChange,
  });

  useImperativeHandle(
    props.handle,
    () => ({
      scrollToTop: () => virtualizer.scrollToOffset(0),
      scrollToEntry: (id) => {
        const index = rows.findIndex((row) => row.kind === "entry" && row.id === id);
        if (index < 0) return;
        // Keep the day heading of the first rows in view, and the row clear of the pinned heading.
        virtualizer.scrollToIndex(index > 0 && rows[index - 1]?.kind === "day" ? index - 1 : index, { align: "auto" });
      },
    }),
    [virtualizer, rows],
  );

  const items = virtualizer.getVirtualItems();
  useInfiniteTrigger(items.at(-1)?.index ?? -1, rows.length, props);

  const firstVisible = virtualizer.range?.startIndex ?? 0;
  const pinnedDay = (virtualizer.scrollOffset ?? 0) > 0 ? dayHeadingIndex(rows, firstVisible) : -1;
  const pinned = pinnedDay >= 0 ? rows[pinnedDay] : undefined;

  return (
    <div className="relative h-full min-h-0">
      {pinned?.kind === "day" ? (
        <div className={clsx("absolute inset-x-0 top-0 z-10", view === 1 && "mx-auto")} style={view === 1 ? { maxWidth: SOCIAL_COLUMN_WIDTH } : undefined}>
          <DayHeader day={pinned.day} scope={props.dayScope} floating />
        </div>
      ) : null}
      <div ref={scrollRef} className="h-full overflow-y-auto overscroll-contain [overflow-anchor:none]" data-testid="timeline-scroll">
        <div
          role="list"
          className={clsx("relative w-full", view === 1 && "mx-auto")}
          style={{ height: virtualizer.getTotalSize(), ...(view === 1 ? { maxWidth: SOCIAL_COLUMN_WIDTH } : {}) }}
        >
          {items.map((virtual) => {
            const row = rows[virtual.index];
            if (!row) return null;
            return (
              <div
                key={virtual.key}
                role="listitem"
                data-index={virtual.index}
                ref={virtualizer.measureElement}
                className="absolute top-0 left-0 w-full"
                style={{ transform: `translateY(${virtual.start}px)` }}
              >
                {row.kind === "day" ? <DayHeader day={row.day} scope={props.dayScope} /> : <EntryRow id={row.id} view={view} masonry={false} />}
              </div>
            );
          })}
        </div>
        <ListFooter loading={props.fetchingNextPage} end={!props.hasNextPage && rows.length > 0} />
      </div>
    </div>
  );
}
