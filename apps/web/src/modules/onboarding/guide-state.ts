import { storage } from "../../lib/storage.ts";

/** The storage name of a reader's "guide done or skipped" flag (per user: several may share a device). */
export const guideStorageName = (userId: string) => `onboarding:${userId}`;

/** Whether the reader finished or skipped the new-user guide on this device. */
export function isGuideDone(userId: string): boolean {
  return storage.get(guideStorageName(userId)) !== null;
}

/** Remembers that the guide is done: it never shows again for this reader. */
export function markGuideDone(userId: string): void {
  storage.set(guideStorageName(userId), "done");
}

/**
 * Whether to greet the reader with the guide: never once done, and only for a reader who follows
 * nothing yet (an existing reader on a new device is not new), once their subscriptions are known.
 */
export function shouldShowGuide(input: { done: boolean; subscriptionsLoaded: boolean; subscriptionCount: number }): boolean {
  return !input.done && input.subscriptionsLoaded && input.subscriptionCount === 0;
}

/** The guide's steps, in order. */
export const GUIDE_STEPS = ["views", "sources", "shortcuts"] as const;
export type GuideStep = (typeof GUIDE_STEPS)[number];

/** The main shortcuts the last step teaches (ids of the shortcuts table). */
export const GUIDE_SHORTCUTS = [
  "timeline.next",
  "timeline.previous",
  "entry.toggleRead",
  "entry.toggleStar",
  "entry.openInBrowser",
  "subscription.switchTab",
  "global.quickAdd",
  "global.showShortcuts",
] as const;
