import type { FocusAreaName } from "./focus-area.ts";

/** One shortcut of the table: its default keys (alternatives), where it works, and its group. */
export interface Shortcut {
  keys: string[];
  scope: FocusAreaName | FocusAreaName[] | "global";
  group: ShortcutGroup;
}

export type ShortcutGroup = "layout" | "timeline" | "entry" | "subscription" | "global";

const TIMELINE_AND_ENTRY: FocusAreaName[] = ["timeline", "entry-render"];

/**
 * Every keyboard shortcut (spec §2, defaults of facts §7). The guide (H) lists this table, so a
 * shortcut that is not here does not exist. Labels are `shortcuts:<id>` translations.
 */
export const SHORTCUTS = {
  // Layout
  "layout.toggleSubscriptionColumn": { keys: ["mod+b", "["], scope: "global", group: "layout" },
  "layout.focusSubscription": { keys: ["g s"], scope: "global", group: "layout" },
  "layout.focusTimeline": { keys: ["g t"], scope: "global", group: "layout" },
  "layout.focusEntry": { keys: ["g e"], scope: "global", group: "layout" },
  "layout.toggleWideMode": { keys: ["mod+["], scope: "global", group: "layout" },
  "layout.toggleZenMode": { keys: ["ctrl+shift+z"], scope: "global", group: "layout" },
  // Timeline
  "timeline.next": { keys: ["j", "arrowdown"], scope: TIMELINE_AND_ENTRY, group: "timeline" },
  "timeline.previous": { keys: ["k", "arrowup"], scope: TIMELINE_AND_ENTRY, group: "timeline" },
  "timeline.refetch": { keys: ["r"], scope: TIMELINE_AND_ENTRY, group: "timeline" },
  "timeline.unreadOnly": { keys: ["u"], scope: TIMELINE_AND_ENTRY, group: "timeline" },
  "timeline.readAbove": { keys: ["shift+k"], scope: "timeline", group: "timeline" },
  "timeline.readBelow": { keys: ["shift+j"], scope: "timeline", group: "timeline" },
  "timeline.open": { keys: ["enter"], scope: "timeline", group: "timeline" },
  // Entry
  "entry.toggleRead": { keys: ["m"], scope: TIMELINE_AND_ENTRY, group: "entry" },
  "entry.toggleStar": { keys: ["s"], scope: TIMELINE_AND_ENTRY, group: "entry" },
  "entry.openInBrowser": { keys: ["b"], scope: TIMELINE_AND_ENTRY, group: "entry" },
  "entry.copyLink": { keys: ["mod+shift+c"], scope: TIMELINE_AND_ENTRY, group: "entry" },
  "entry.copyTitle": { keys: ["mod+shift+b"], scope: TIMELINE_AND_ENTRY, group: "entry" },
  "entry.readability": { keys: ["shift+r"], scope: TIMELINE_AND_ENTRY, group: "entry" },
  "entry.share": { keys: ["mod+alt+s"], scope: TIMELINE_AND_ENTRY, group: "entry" },
  "entry.tip": { keys: ["mod+shift+t"], scope: TIMELINE_AND_ENTRY, group: "entry" },
  "entry.scrollDown": { keys: ["pagedown"], scope: TIMELINE_AND_ENTRY, group: "entry" },
  "entry.scrollUp": { keys: ["pageup"], scope: TIMELINE_AND_ENTRY, group: "entry" },
  "entry.close": { keys: ["escape"], scope: TIMELINE_AND_ENTRY, group: "entry" },
  // Subscription
  "subscription.switchTab": { keys: ["1", "2", "3", "4", "5", "6"], scope: "global", group: "subscription" },
  "subscription.nextTab": { keys: ["tab", "arrowright"], scope: "subscription-list", group: "subscription" },
  "subscription.previousTab": { keys: ["shift+tab", "arrowleft"], scope: "subscription-list", group: "subscription" },
  "subscription.next": { keys: ["j", "arrowdown"], scope: "subscription-list", group: "subscription" },
  "subscription.previous": { keys: ["k", "arrowup"], scope: "subscription-list", group: "subscription" },
  "subscription.toggleFolder": { keys: ["o", "enter"], scope: "subscription-list", group: "subscription" },
  "subscription.markAllRead": { keys: ["mod+shift+a"], scope: "global", group: "subscription" },
  "subscription.openInBrowser": { keys: ["b"], scope: "subscription-list", group: "subscription" },
  // Global
  "global.showShortcuts": { keys: ["h", "shift+?"], scope: "global", group: "global" },
  "global.togglePlay": { keys: ["space"], scope: ["home", "timeline", "entry-render", "subscription-list"], group: "global" },
  "global.quickAdd": { keys: ["mod+n"], scope: "global", group: "global" },
  "global.settings": { keys: ["mod+,"], scope: "global", group: "global" },
  "global.discover": { keys: ["mod+t"], scope: "global", group: "global" },
  "global.search": { keys: ["mod+k", "/"], scope: "global", group: "global" },
} satisfies Record<string, Shortcut>;

export type ShortcutId = keyof typeof SHORTCUTS;

export const SHORTCUT_GROUPS: ShortcutGroup[] = ["layout", "timeline", "entry", "subscription", "global"];
