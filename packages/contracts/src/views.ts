/**
 * The six timeline views (spec §1). Every subscription belongs to one; the view decides the
 * layout of its timeline.
 */
export const FeedView = {
  Articles: 0,
  SocialMedia: 1,
  Pictures: 2,
  Videos: 3,
  Audios: 4,
  Notifications: 5,
} as const;

export type FeedView = (typeof FeedView)[keyof typeof FeedView];

/** The views in display order. */
export const FEED_VIEWS: readonly FeedView[] = [0, 1, 2, 3, 4, 5];

/** Stable names, used as translation keys and in logs. */
export const FEED_VIEW_NAMES: Record<FeedView, string> = {
  0: "articles",
  1: "social-media",
  2: "pictures",
  3: "videos",
  4: "audios",
  5: "notifications",
};

/** True when `value` is one of the six view numbers. */
export function isFeedView(value: unknown): value is FeedView {
  return typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= 5;
}
