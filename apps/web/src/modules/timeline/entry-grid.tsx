import type { FeedView } from "@tidings/contracts";
import { useVirtualizer } from "@tanstack/react-virtual";
import { type RefObject, useCallback, useImperativeHandle, useMemo, useRef } from "react";
import { useEntries } from "../../store/entries.store.ts";
import { useUISetting } from "../../store/settings.store.ts";
import { thumbnailOf } from "./entry-media.ts";
import { GRID_GAP, GRID_PADDING, gridColumns } from "./grid-columns.ts";
import type { TimelineRow } from "./group-by-date.ts";
import { EntryRow } from "./items/entry-row.tsx";
import { PICTURE_CAPTION_HEIGHT, pictureRatio } from "./items/picture-item.tsx";
import { VIDEO_CAPTION_HEIGHT } from "./items/video-item.tsx";
import { ListFooter } from "./list-footer.tsx";
import type { ListHandle } from "./list-handle.ts";
import { useAutoMarkRead } from "./use-auto-mark-read.ts";
import { useElementWidth } from "./use-element-width.ts";
import { useInfiniteTrigger } from "./use-infinite-trigger.ts";

export interface EntryGridProps {
  view: FeedView;
  ids: string[];
  resetKey: string;
  hasNextPage: boolean;
  fetchingNextPage: boolean;
  fetchNextPage: () => void;
  handle: RefObject<ListHandle | null>;
}

/**
 * Pictures and Videos as a virtualised grid across the whole width: square tiles, a masonry that
 * keeps each picture's shape (`pictureViewMasonry`), or 16:9 video cards. Columns follow the width.
 */
export function EntryGrid(props: EntryGridProps) {
  const { view, ids } = props;
  const masonry = useUISetting("pictureViewMasonry") && view === 2;
  const scrollRef = useRef<HTMLDivElement>(null);
  const width = useElementWidth(scrollRef);
  const { lanes, columnWidth } = gridColumns(width, view);
  const rows = useMemo<TimelineRow[]>(() => ids.map((id) => ({ kind: "entry", key: id, id })), [ids]);
  const onChange = useAutoMarkRead(rows, view, props.resetKey);
  const getItemKey = useCallback((index: number) => ids[index] ?? index, [ids]);
  const estimateSize = useCallback(
    (index: number) => {
      if (view === 3) return columnWidth * (9 / 16) + VIDEO_CAPTION_HEIGHT;
      if (!masonry) return columnWidth + PICTURE_CAPTION_HEIGHT;
      const entry = useEntries.getState().byId[ids[index] ?? ""]?.entry;
      const picture = entry ? thumbnailOf(entry) : null;
      const ratio = pictureRatio(picture?.width, picture?.height) ?? 1;
      return columnWidth / ratio + PICTURE_CAPTION_HEIGHT;
    },
    [view, masonry, columnWidth, ids],
  );
  // The virtualizer hands out a mutable instance; this component re-renders on its changes.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: width > 0 ? ids.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize,
    getItemKey,
    lanes,
    gap: GRID_GAP,
    paddingStart: GRID_PADDING,
    paddingEnd: GRID_PADDING,
    overscan: 4,
    onChange,
  });

  useImperativeHandle(
    props.handle,
    () => ({
      scrollToTop: () => virtualizer.scrollToOffset(0),
      scrollToEntry: (id) => {
        const index = ids.indexOf(id);
        if (index >= 0) virtualizer.scrollToIndex(index, { align: "auto" });
      },
    }),
    [virtualizer, ids],
  );

  const items = virtualizer.getVirtualItems();
  useInfiniteTrigger(items.reduce((max, item) => Math.max(max, item.index), -1), ids.length, props);

  return (
    <div ref={scrollRef} className="h-full overflow-y-auto overscroll-contain [overflow-anchor:none]" data-testid="timeline-scroll">
      <div role="list" className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {items.map((virtual) => {
          const id = ids[virtual.index];
          if (!id) return null;
          return (
            <div
              key={virtual.key}
              role="listitem"
              data-index={virtual.index}
              ref={virtualizer.measureElement}
              className="absolute top-0"
              style={{ left: GRID_PADDING + virtual.lane * (columnWidth + GRID_GAP), width: columnWidth, transform: `translateY(${virtual.start}px)` }}
            >
              <EntryRow id={id} view={view} masonry={masonry} />
            </div>
          );
        })}
      </div>
      <ListFooter loading={props.fetchingNextPage} end={!props.hasNextPage && ids.length > 0} />
    </div>
  );
}
