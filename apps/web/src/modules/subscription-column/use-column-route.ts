import type { FeedView } from "@tidings/contracts";
import { useCallback, useEffect } from "react";
import { create } from "zustand";
import { matchPath, useLocation, useNavigate } from "react-router";
import { layoutActions } from "../../store/layout.store.ts";
import { parseTimelineId, parseTimelineTarget, type TimelineTarget, timelinePath } from "../timeline/index.ts";
import { selection } from "./selection.ts";

/** The view of the last timeline shown, for the column on other pages (settings, discover). */
const useLastView = create<{ view: FeedView }>(() => ({ view: 0 }));

/**
 * Where the reader is, as the column sees it: the view of the timeline route (or the last one,
 * on other pages) and what it shows. `go` opens a timeline and closes the mobile drawer.
 */
export function useColumnRoute(): { view: FeedView; target: TimelineTarget | null; go: (view: FeedView, target: TimelineTarget) => void } {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const match = matchPath("/timeline/:timelineId/:feedId/*", pathname);
  const routeView = parseTimelineId(match?.params.timelineId);
  const lastView = useLastView((state) => state.view);
  useEffect(() => {
    if (routeView !== null) useLastView.setState({ view: routeView });
  }, [routeView]);
  const view = routeView ?? lastView;
  const target = routeView !== null ? parseTimelineTarget(match?.params.feedId) : null;
  const go = useCallback(
    (to: FeedView, next: TimelineTarget) => {
      if (to !== view) selection.clear();
      void navigate(timelinePath(to, next));
      layoutActions.setDrawer(false);
    },
    [navigate, view],
  );
  return { view, target, go };
}
