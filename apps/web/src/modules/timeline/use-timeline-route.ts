import type { FeedView } from "@tidings/contracts";
import { useMemo } from "react";
import { useParams } from "react-router";
import { parseTimelineTarget, type TimelineTarget } from "./route-selector.ts";
import { parseTimelineId } from "./timeline-id.ts";

/** Marker of an entry not stored yet (spec §2): nothing to show for it. */
const PENDING = "pending";

/** The timeline the route names: its view, its target and the open entry (null when none, or "pending"). */
export function useTimelineRoute(): { view: FeedView | null; target: TimelineTarget | null; entryId: string | null } {
  const { timelineId, feedId, entryId } = useParams();
  const view = parseTimelineId(timelineId);
  const target = useMemo(() => parseTimelineTarget(feedId), [feedId]);
  return { view, target, entryId: entryId && entryId !== PENDING ? entryId : null };
}
