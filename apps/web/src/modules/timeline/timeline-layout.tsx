import type { FeedView } from "@tidings/contracts";
import { useTranslation } from "react-i18next";
import { Outlet, useNavigate, useParams } from "react-router";
import { ResizeHandle } from "../../components/resize-handle.tsx";
import { useIsMobile } from "../../lib/media.ts";
import { useLayout } from "../../store/layout.store.ts";
import { settingsActions, useUISetting } from "../../store/settings.store.ts";
import { UI_DEFAULTS } from "../../store/settings-defaults.ts";
import { NotFound } from "../errors/index.ts";
import { useHotkey } from "../hotkeys/index.ts";
import { EntrySheet } from "./entry-sheet.tsx";
import { type TimelineTarget, timelinePath } from "./route-selector.ts";
import { TimelineColumn } from "./timeline-column.tsx";
import { useTimelineRoute } from "./use-timeline-route.ts";
import { ENTRY_COLUMN_MAX, ENTRY_COLUMN_MIN, isWideView } from "./view-kind.ts";

/** Default width of the entry column (spec §3 entryColWidth). */
export const ENTRY_COLUMN_WIDTH = UI_DEFAULTS.entryColWidth;

interface LayoutProps {
  view: FeedView;
  target: TimelineTarget;
  entryId: string | null;
  /** Remounts the column per timeline, so each one starts at its top. */
  columnKey: string;
}

/**
 * The timeline route (spec §2 `timeline/:timelineId/:feedId`): the entry list of a view in the
 * layout that view calls for, with the entry being read (the child route) beside it, over it, or
 * instead of it on a phone.
 */
export function TimelineLayout() {
  const { view, target, entryId } = useTimelineRoute();
  const { timelineId, feedId } = useParams();
  const mobile = useIsMobile();
  if (view === null || target === null) return <NotFound />;
  const props = { view, target, entryId, columnKey: `${timelineId}/${feedId}` };
  if (mobile) return <MobileTimeline {...props} />;
  if (isWideView(view)) return <WideTimeline {...props} />;
  return <SplitTimeline {...props} />;
}

/**
 * Escape closes the open entry while the timeline has focus (the reader answers it itself while it
 * has focus). Answers the function that closes it.
 */
function useCloseEntryKey(view: FeedView, target: TimelineTarget, entryId: string | null): () => void {
  const navigate = useNavigate();
  const close = () => void navigate(timelinePath(view, target));
  useHotkey("entry.close", close, { scope: "timeline", enabled: entryId !== null });
  return close;
}

/** Articles, Audios, Notifications: a resizable entry column, the reader beside it; zen hides the column while reading. */
function SplitTimeline({ view, target, entryId, columnKey }: LayoutProps) {
  const { t } = useTranslation("app");
  useCloseEntryKey(view, target, entryId);
  const zen = useLayout((state) => state.zen);
  const width = useUISetting("entryColWidth");
  const hideColumn = zen && entryId !== null;
  return (
    <div className="flex h-full">
      <div className={hideColumn ? "hidden" : "relative shrink-0 border-r border-zinc-200 dark:border-zinc-800"} style={{ width }}>
        <TimelineColumn key={columnKey} view={view} target={target} entryId={entryId} opensOnMove mobile={false} />
        <ResizeHandle
          width={width}
          min={ENTRY_COLUMN_MIN}
          max={ENTRY_COLUMN_MAX}
          label={t("timeline.resize_entries")}
          onResize={(entryColWidth) => settingsActions.setUI({ entryColWidth })}
          onReset={() => settingsActions.setUI({ entryColWidth: UI_DEFAULTS.entryColWidth })}
        />
      </div>
      <div className="min-w-0 flex-1" data-testid="entry-pane">
        <Outlet />
      </div>
    </div>
  );
}

/** SocialMedia, Pictures, Videos: the list across the whole width, the open entry in a panel over it. */
function WideTimeline({ view, target, entryId, columnKey }: LayoutProps) {
  const close = useCloseEntryKey(view, target, entryId);
  const zen = useLayout((state) => state.zen);
  return (
    <div className="relative h-full">
      <TimelineColumn key={columnKey} view={view} target={target} entryId={entryId} opensOnMove={false} mobile={false} />
      {entryId ? (
        <EntrySheet full={zen} onClose={close}>
          <Outlet />
        </EntrySheet>
      ) : null}
    </div>
  );
}

/** Below 1024 px: the list alone; an open entry covers it (the reader has a way back; the list keeps its place). */
function MobileTimeline({ view, target, entryId, columnKey }: LayoutProps) {
  useCloseEntryKey(view, target, entryId);
  return (
    <div className="relative h-full">
      <div className={entryId ? "invisible h-full" : "h-full"} aria-hidden={entryId ? true : undefined}>
        <TimelineColumn key={columnKey} view={view} target={target} entryId={entryId} opensOnMove={false} mobile />
      </div>
      {entryId ? (
        <div className="absolute inset-0 z-30 bg-white dark:bg-zinc-950" data-testid="entry-mobile">
          <Outlet />
        </div>
      ) : null}
    </div>
  );
}

/** The reading pane when no entry is open. */
export function NoEntrySelected() {
  const { t } = useTranslation("app");
  return <div className="flex h-full items-center justify-center text-sm text-zinc-400">{t("timeline.no_entry_selected")}</div>;
}
