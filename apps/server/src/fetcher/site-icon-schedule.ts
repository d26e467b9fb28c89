import type { FeedRow } from "../features/feeds/index.ts";
import { maxAgeMs } from "./http-hints.ts";

const DAY_MS = 24 * 3_600_000;
/** A site's icon is looked for again after this long, found or not, unless its homepage says otherwise. */
export const SITE_ICON_RECHECK_MS = 7 * DAY_MS;
/**
 * Bounds on what a homepage's Cache-Control makes of that wait. Homepages are dynamic: many say
 * `max-age=0` or `no-cache` of their HTML, not of their icon, and taken as they stand they would
 * have us look at every refresh, the very repeat the stored outcome is there to stop; so a day is
 * the least. A static host's year-long max-age would hide a new icon (or the icon of a site the
 * feed moved to) for that year; so 30 days is the most.
 */
export const MIN_SITE_ICON_RECHECK_MS = DAY_MS;
export const MAX_SITE_ICON_RECHECK_MS = 30 * DAY_MS;

/** The site-icon state a feed row carries. */
export type SiteIconState = Pick<FeedRow, "id" | "image" | "siteIcon" | "siteIconPageUrl" | "siteIconNextCheckAt">;

/**
 * How long until a site's icon is looked for again, from its homepage's Cache-Control (null when
 * no homepage answered or it sent none): `no-store`/`no-cache` shorten the wait to the least,
 * a max-age sets it within the bounds above.
 */
export function siteIconRecheckMs(cacheControl: string | null): number {
  if (!cacheControl) return SITE_ICON_RECHECK_MS;
  if (/(?:^|,)\s*no-(?:store|cache)\b/i.test(cacheControl)) return MIN_SITE_ICON_RECHECK_MS;
  const maxAge = maxAgeMs(cacheControl);
  if (maxAge === null) return SITE_ICON_RECHECK_MS;
  return Math.min(MAX_SITE_ICON_RECHECK_MS, Math.max(MIN_SITE_ICON_RECHECK_MS, maxAge));
}

/**
 * Whether the icon of `feed`'s site is to be looked for on `pageUrl` at `now`, as its row says:
 * the feed has no image or the site's own (a feed's own image is never replaced), and the last
 * lookup was for another homepage, or none was made, or its wait (or a running one's claim) is
 * over. The database has the last word (FeedsRepo.claimSiteIconLookup): this spares it the
 * question for the feeds that are plainly not due.
 */
export function siteIconDue(feed: SiteIconState, pageUrl: string, now: Date): boolean {
  if (feed.image !== null && feed.image !== feed.siteIcon) return false;
  return feed.siteIconPageUrl !== pageUrl || feed.siteIconNextCheckAt === null || feed.siteIconNextCheckAt <= now;
}
