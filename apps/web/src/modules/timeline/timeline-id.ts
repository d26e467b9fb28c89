import { type FeedView, isFeedView } from "@tidings/contracts";

/** The view of a `view-N` timeline id, or `null` when the id is not one. */
export function parseTimelineId(timelineId: string | undefined): FeedView | null {
  const match = /^view-(\d)$/.exec(timelineId ?? "");
  const view = match ? Number(match[1]) : Number.NaN;
  return isFeedView(view) ? view : null;
}
