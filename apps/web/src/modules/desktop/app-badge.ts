import { useSettings } from "../../store/settings.store.ts";
import { sumUnread, useUnread } from "../../store/unread.store.ts";

interface BadgingNavigator {
  setAppBadge?: (count?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
}

/**
 * The installed app's badge (the Badging API): the unread total on the app's icon, unless the
 * reader turned the badge off (`showDockBadge`). Nothing where the browser has no badge.
 */
export function startAppBadge(badging: BadgingNavigator = navigator as BadgingNavigator): void {
  if (typeof badging.setAppBadge !== "function") return;
  let shown: number | null = null;
  const update = () => {
    const unread = useUnread.getState();
    if (!unread.loaded) return;
    const count = useSettings.getState().ui.showDockBadge ? sumUnread(unread.counts) : 0;
    if (count === shown) return;
    shown = count;
    void (count > 0 ? badging.setAppBadge!(count) : (badging.clearAppBadge?.() ?? badging.setAppBadge!(0))).catch(() => undefined);
  };
  useUnread.subscribe(update);
  useSettings.subscribe(update);
  update();
}
