import type { TimelineItem } from "@tidings/contracts";
import { api } from "../../lib/api-client.ts";
import { browserPush } from "../../lib/push.ts";
import { navigateTo } from "../../lib/navigation.ts";
import { useSettings } from "../../store/settings.store.ts";

/** How often the notifier asks for new entries (the timeline's own check is every minute too). */
export const NOTIFY_INTERVAL_MS = 60_000;
/** Entries asked for per view and poll; more new ones than shown become one summary notice. */
const PAGE = 20;
const MAX_SINGLE = 3;

/** What the notifier needs from the outside world, so that tests can drive it. */
export interface NotifierDeps {
  fetchUnread: (view: number) => Promise<TimelineItem[]>;
  notify: (notice: { title: string; body: string; tag: string; onClick: () => void }) => void;
  /** Whether the reader is looking at the app (then nothing is shown). */
  visible: () => boolean;
  /** "N new entries" in the reader's language. */
  summary: (count: number) => string;
  /** Whether this browser gets push notifications, which then announce new entries instead. */
  pushActive?: () => Promise<boolean>;
}

const browserDeps = (summary: (count: number) => string): NotifierDeps => ({
  fetchUnread: (view) => api<TimelineItem[]>("entries", { method: "POST", json: { view, read: false, limit: PAGE } }),
  notify({ title, body, tag, onClick }) {
    const notice = new Notification(title, { body, tag, icon: "/favicon.svg" });
    notice.onclick = () => {
      window.focus();
      onClick();
      notice.close();
    };
  },
  visible: () => document.visibilityState === "visible",
  summary,
  pushActive: async () => (await browserPush.current()) !== null,
});

/**
 * One poll: per view the reader asked for, entries inserted since the last poll become
 * notifications (at most three, else one summary). The first poll only sets the mark, so opening
 * the app never replays old entries; `marks` is updated in place.
 */
export async function pollOnce(deps: NotifierDeps, views: readonly number[], marks: Map<number, string>): Promise<void> {
  for (const view of views) {
    const items = await deps.fetchUnread(view);
    const newest = items.reduce((max, item) => (item.entries.insertedAt > max ? item.entries.insertedAt : max), "");
    const mark = marks.get(view);
    if (newest && (!mark || newest > mark)) marks.set(view, newest);
    if (mark === undefined || deps.visible()) continue;
    const fresh = items.filter((item) => item.entries.insertedAt > mark);
    if (fresh.length > MAX_SINGLE) {
      deps.notify({ title: "Tidings", body: deps.summary(fresh.length), tag: `view-${view}`, onClick: () => navigateTo(`/timeline/view-${view}/all`) });
      continue;
    }
    for (const item of fresh) {
      const feedId = item.entries.feedId ?? "all";
      deps.notify({
        title: item.feeds.title ?? "Tidings",
        body: item.entries.title ?? item.entries.description ?? "",
        tag: item.entries.id,
        onClick: () => navigateTo(`/timeline/view-${view}/${feedId}/${item.entries.id}`),
      });
    }
  }
}

/**
 * New-entry notifications (Settings → Notifications): while the setting is on, the browser allows
 * notifications and the app is in the background, entries that arrive in the chosen views are
 * announced, unless this browser gets push notifications, which announce them instead. Answers the
 * function that stops it.
 */
export function startNewEntryNotifier(summary: (count: number) => string, deps: NotifierDeps = browserDeps(summary)): () => void {
  const marks = new Map<number, string>();
  let busy = false;
  const tick = async () => {
    const { notificationsEnabled, notificationsViews } = useSettings.getState().general;
    const allowed = typeof Notification !== "undefined" && Notification.permission === "granted";
    if (busy || !notificationsEnabled || !allowed) return;
    busy = true;
    try {
      if (await deps.pushActive?.()) return;
      await pollOnce(deps, notificationsViews, marks);
    } catch {
      // offline or signed out: the next tick tries again
    } finally {
      busy = false;
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), NOTIFY_INTERVAL_MS);
  return () => clearInterval(timer);
}
