// The timeline (spec §2 routes timeline/:timelineId/:feedId[/:entryId]): the entry column, the
// six view layouts, and the route helpers other modules use to link into it.
export { parseTimelineId } from "./timeline-id.ts";
export { NoEntrySelected, TimelineLayout } from "./timeline-layout.tsx";
export { markAllScopeFor, parseTimelineTarget, type TimelineTarget, timelinePath } from "./route-selector.ts";
