import type { DesktopPreferences } from "@tidings/contracts";

/** The Dock/taskbar badge: the unread count, unless the reader turned it off (`showDockBadge`). */
export function badgeCount(unread: number, preferences: DesktopPreferences): number {
  return preferences.showDockBadge ? Math.max(0, Math.floor(unread)) : 0;
}

/** The tray's tooltip: the app and its unread count. */
export function trayTooltip(unread: number): string {
  if (unread <= 0) return "Tidings";
  return `Tidings: ${unread > 99_999 ? "99999+" : unread.toLocaleString("en")} unread`;
}
