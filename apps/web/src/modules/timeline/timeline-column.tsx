import type { FeedView } from "@tidings/contracts";
import { CloudOff } from "lucide-react";
import { useCallback, useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { markRead } from "../../actions/read.actions.ts";
import { useEntries } from "../../store/entries.store.ts";
import { useGeneralSetting } from "../../store/settings.store.ts";
import { useSubscriptions } from "../../store/subscriptions.store.ts";
import { FocusArea, focusArea } from "../hotkeys/index.ts";
import { EntryGrid } from "./entry-grid.tsx";
import { EntryList } from "./entry-list.tsx";
import { buildRows } from "./group-by-date.ts";
import type { ListHandle } from "./list-handle.ts";
import { EmptyState, ErrorState, LoadingSkeleton } from "./list-states.tsx";
import { NewEntriesPill } from "./new-entries-pill.tsx";
import { markAllScopeFor, type TimelineTarget, timelinePath } from "./route-selector.ts";
import { idsAbove, idsBelow } from "./scroll-mark-read.ts";
import { selectEntry, TimelineContext, type TimelineContextValue } from "./timeline-context.ts";
import { TimelineHeader } from "./timeline-header.tsx";
import { useCheckNew } from "./use-check-new.ts";
import { useTimelineEntries } from "./use-timeline-entries.ts";
import { useTimelineKeys } from "./use-timeline-keys.ts";
import { useTimelineTitle } from "./use-timeline-title.ts";
import { isGridView } from "./view-kind.ts";

/** The newest insertion time among a timeline's first entries: what "check new" asks after. */
function newestInsertedAt(ids: readonly string[]): string | null {
  const byId = useEntries.getState().byId;
  let newest: string | null = null;
  for (const id of ids.slice(0, 50)) {
    const at = byId[id]?.entry.insertedAt;
    if (at && (!newest || at > newest)) newest = at;
  }
  return newest;
}

/**
 * One timeline's entries: the header, the "new entries" pill and the list in its view's layout
 * (or its loading, empty, offline or error state). It is the "timeline" focus area, so its keys
 * work as soon as it shows.
 */
export function TimelineColumn(props: { view: FeedView; target: TimelineTarget; entryId: string | null; opensOnMove: boolean; mobile: boolean }) {
  const { view, target, entryId } = props;
  const { t } = useTranslation("app");
  const navigate = useNavigate();
  const entries = useTimelineEntries(view, target);
  const groupByDate = useGeneralSetting("groupByDate");
  const unreadOnly = useGeneralSetting("unreadOnly");
  const excludePrivate = useGeneralSetting("hidePrivateSubscriptionsInTimeline");
  const byKey = useSubscriptions((state) => state.byKey);
  const { title } = useTimelineTitle(view, target);
  const handle = useRef<ListHandle | null>(null);
  const starred = target.kind === "starred";
  const grid = isGridView(view);
  const { ids } = entries;

  const rows = useMemo(() => buildRows(ids, useEntries.getState().byId, { groupByDate: groupByDate && !grid, starred }), [ids, groupByDate, grid, starred]);
  const gridIds = useMemo(() => (grid ? rows.flatMap((row) => (row.kind === "entry" ? [row.id] : [])) : []), [grid, rows]);
  const entryIds = useMemo(() => rows.flatMap((row) => (row.kind === "entry" ? [row.id] : [])), [rows]);
  const scope = useMemo(() => markAllScopeFor(target, view, Object.values(byKey), { excludePrivate }), [target, view, byKey, excludePrivate]);
  const resetKey = JSON.stringify(entries.selector);

  // Rows get stable callbacks; they read the current entry list through a ref.
  const current = useRef({ entryIds, entryId });
  useEffect(() => {
    current.current = { entryIds, entryId };
  }, [entryIds, entryId]);
  const openEntry = useCallback(
    (id: string) => {
      selectEntry(id);
      // Moving from entry to entry replaces the history entry: Back returns to the list.
      void navigate(timelinePath(view, target, id), { replace: current.current.entryId !== null });
    },
    [navigate, view, target],
  );
  const context = useMemo<TimelineContextValue>(
    () => ({
      view,
      target,
      openEntry,
      readAbove: (id) => markRead(idsAbove(current.current.entryIds, id)),
      readBelow: (id) => markRead(idsBelow(current.current.entryIds, id)),
    }),
    [view, target, openEntry],
  );

  useEffect(() => {
    if (entryId) selectEntry(entryId);
  }, [entryId]);
  useEffect(() => {
    // Keys work at once: focus the timeline unless something else already has focus.
    if (!document.activeElement || document.activeElement === document.body) focusArea("timeline");
  }, []);

  const refetch = () => void entries.refetch();
  useTimelineKeys({ view, ids: entryIds, entryId, opensOnMove: props.opensOnMove || entryId !== null, openEntry, handle, refetch, markAll: { scope, title } });

  const newest = useMemo(() => (entries.origin === "server" ? newestInsertedAt(ids) : null), [entries.origin, ids]);
  const hasNew = useCheckNew(entries.selector, newest);
  const showNew = () => {
    handle.current?.scrollToTop();
    void entries.refetch().then(() => handle.current?.scrollToTop());
  };

  const offline = entries.origin === "cache" && (entries.paused || entries.error !== null);
  let body;
  if (rows.length === 0) {
    if (entries.loading) body = <LoadingSkeleton view={view} />;
    else if (entries.error && !entries.paused) body = <ErrorState error={entries.error} onRetry={refetch} />;
    else body = <EmptyState view={view} unreadOnly={unreadOnly && !starred} starred={starred} offline={entries.paused} />;
  } else if (grid) {
    body = <EntryGrid view={view} ids={gridIds} resetKey={resetKey} hasNextPage={entries.hasNextPage} fetchingNextPage={entries.fetchingNextPage} fetchNextPage={entries.fetchNextPage} handle={handle} />;
  } else {
    body = (
      <EntryList
        view={view}
        rows={rows}
        resetKey={resetKey}
        dayScope={scope}
        hasNextPage={entries.hasNextPage}
        fetchingNextPage={entries.fetchingNextPage}
        fetchNextPage={entries.fetchNextPage}
        handle={handle}
      />
    );
  }

  return (
    <TimelineContext.Provider value={context}>
      <FocusArea area="timeline" className="flex h-full min-h-0 flex-col bg-white dark:bg-zinc-950" data-testid="timeline" data-view={view}>
        <TimelineHeader view={view} target={target} refreshing={entries.fetching && !entries.fetchingNextPage && rows.length > 0} onRefetch={refetch} mobile={props.mobile} />
        {offline && rows.length > 0 ? (
          <div className="flex shrink-0 items-center gap-2 border-b border-amber-200 bg-amber-50 px-4 py-1.5 text-xs text-amber-800 dark:border-amber-900/60 dark:bg-amber-950/40 dark:text-amber-300" role="status">
            <CloudOff className="size-3.5 shrink-0" aria-hidden />
            {t("timeline.showing_saved")}
          </div>
        ) : null}
        <div className="relative min-h-0 flex-1">
          {hasNew && rows.length > 0 ? <NewEntriesPill onClick={showNew} /> : null}
          {body}
        </div>
      </FocusArea>
    </TimelineContext.Provider>
  );
}
