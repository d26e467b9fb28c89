import clsx from "clsx";
import { type MouseEvent, type ReactNode, useEffect, useRef } from "react";
import { markRead } from "../../../actions/read.actions.ts";
import { useEntries } from "../../../store/entries.store.ts";
import { useGeneralSetting } from "../../../store/settings.store.ts";
import { EntryContextMenu, openInBrowser } from "../../entry-actions/index.ts";
import { useTimelineContext, useTimelineSelection } from "../timeline-context.ts";

/** Hovering this long over an unread entry marks it read (`hoverMarkUnread`): passing the mouse across does not. */
export const HOVER_MARK_MS = 300;

/**
 * What every timeline item shares: a click opens the entry (a double click opens its page), the
 * keyboard's selection shows, hovering marks it read when the setting says so, and a right click
 * opens the entry actions menu. Clicks on links and buttons inside are theirs alone.
 */
export function EntryItemFrame(props: { id: string; className?: string; selectedClassName?: string; children: ReactNode; onMouseEnter?: () => void; onMouseLeave?: () => void }) {
  const { id } = props;
  const { view, openEntry, readAbove, readBelow } = useTimelineContext();
  const selected = useTimelineSelection((state) => state.selectedId === id);
  const hoverMark = useGeneralSetting("hoverMarkUnread");
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const fromControl = (event: MouseEvent) => event.target instanceof Element && event.target.closest("a,button,video,audio,[role=button]") !== null;
  const onClick = (event: MouseEvent) => {
    if (fromControl(event) || event.defaultPrevented) return;
    openEntry(id);
  };
  const onDoubleClick = (event: MouseEvent) => {
    if (fromControl(event)) return;
    const url = useEntries.getState().byId[id]?.entry.url;
    if (url) openInBrowser(url);
  };
  const onMouseEnter = () => {
    props.onMouseEnter?.();
    if (!hoverMark) return;
    timer.current = setTimeout(() => markRead([id]), HOVER_MARK_MS);
  };
  const onMouseLeave = () => {
    props.onMouseLeave?.();
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };

  return (
    <EntryContextMenu entryId={id} view={view} onReadAbove={() => readAbove(id)} onReadBelow={() => readBelow(id)}>
      <div
        data-entry-id={id}
        aria-current={selected ? "true" : undefined}
        className={clsx("relative cursor-pointer", props.className, selected && props.selectedClassName)}
        onClick={onClick}
        onDoubleClick={onDoubleClick}
        onMouseEnter={onMouseEnter}
        onMouseLeave={onMouseLeave}
      >
        {props.children}
      </div>
    </EntryContextMenu>
  );
}
