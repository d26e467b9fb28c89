import { forwardRef, type HTMLAttributes, type MouseEvent } from "react";
import { FOCUS_AREA_ATTRIBUTE, type FocusAreaName } from "./focus-area.ts";

/**
 * A region that is one focus area: it takes focus when clicked on a non-focusable spot, so the
 * keys pressed next go to its scope (a click in the timeline, then J, moves in the timeline).
 */
export const FocusArea = forwardRef<HTMLDivElement, HTMLAttributes<HTMLDivElement> & { area: FocusAreaName }>(function FocusArea(
  { area, onMouseDown, className, ...props },
  ref,
) {
  const takeFocus = (event: MouseEvent<HTMLDivElement>) => {
    onMouseDown?.(event);
    const focusable = (event.target as HTMLElement).closest("a[href],button,input,textarea,select,[contenteditable=true],[tabindex]");
    // A control takes focus itself; a click anywhere else in the area focuses the area.
    if (focusable && focusable !== event.currentTarget) return;
    if (!event.currentTarget.contains(document.activeElement)) event.currentTarget.focus({ preventScroll: true });
  };
  return <div ref={ref} tabIndex={-1} {...{ [FOCUS_AREA_ATTRIBUTE]: area }} onMouseDown={takeFocus} className={`outline-none ${className ?? ""}`} {...props} />;
});
