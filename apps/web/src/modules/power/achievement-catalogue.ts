/**
 * The server's achievements by `actionId` (its catalogue), as the keys of their localized names
 * and descriptions under `power.achievements.items`. Unknown ids show their number.
 */
export const ACHIEVEMENT_KEYS: Readonly<Record<number, string>> = {
  0: "feed_owner",
  1: "list_creator",
  2: "list_subscribers_50",
  3: "list_subscribers_100",
  4: "list_subscribers_500",
  5: "tell_us_how",
  8: "feed_booster",
  10: "first_follow",
  11: "reader",
  12: "first_tip",
  13: "invited_a_friend",
};

/** Achievements completed by review: the reader sends a text (`POST /achievement/audit`), an admin approves it. */
export const AUDITED_ACTION_IDS: ReadonlySet<number> = new Set([5]);
