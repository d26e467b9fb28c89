import type { WindowBounds } from "../shell/host.ts";

/** The window's size on a first launch, or when its saved place is off every screen. */
export const DEFAULT_SIZE = { width: 1200, height: 800 };
/** How much of the window must lie on a screen for its saved place to be kept: enough to grab its title bar. */
const MIN_VISIBLE = { width: 100, height: 40 };

/**
 * The saved bounds, when they still land on a screen (a monitor unplugged since, a changed
 * layout); null when the window should open centred at its default size instead.
 */
export function restorableBounds(bounds: WindowBounds | null, workAreas: readonly WindowBounds[]): WindowBounds | null {
  if (!bounds) return null;
  const onScreen = workAreas.some((area) => {
    const width = Math.min(bounds.x + bounds.width, area.x + area.width) - Math.max(bounds.x, area.x);
    // The top edge (the title bar) must be inside the area: a window above or below it cannot be moved back.
    const topInside = bounds.y >= area.y && bounds.y < area.y + area.height - MIN_VISIBLE.height;
    return topInside && width >= MIN_VISIBLE.width;
  });
  return onScreen ? bounds : null;
}
