/** Whether `element` is the page's full-screen element now. */
export const isFullscreen = (element: HTMLElement | null) => element !== null && document.fullscreenElement === element;

/**
 * Enters or leaves full screen for `element` (the player, so the custom controls come along). A
 * refusal (no user gesture, an iframe without permission) leaves things as they were.
 */
export function toggleFullscreen(element: HTMLElement | null): void {
  if (!element) return;
  const request = isFullscreen(element) ? document.exitFullscreen?.() : element.requestFullscreen?.();
  request?.catch(() => {});
}
