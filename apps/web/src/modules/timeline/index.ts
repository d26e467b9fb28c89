// The timeline (spec §2 routes timeline/:timelineId/:feedId[/:entryId]): the entry column, the
// six view layouts, and the route helpers other modules use to link into it.
export { parseTimelineId } from "./timeline-id.ts";
export { ENTRY_COLUMN_WIDTH, NoEntrySelected, TimelineLayout } from "./timeline-layout.tsx";
export {
  entrySourceKeys,
  folderFeedIds,
  formatTimelineTarget,
  markAllScopeFor,
  parseTimelineTarget,
  selectorFor,
  type TimelineTarget,
  targetSourceKeys,
  timelinePath,
} from "./route-selector.ts";
export { useTimelineRoute } from "./use-timeline-route.ts";
export { isGridView, isWideView } from "./view-kind.ts";
