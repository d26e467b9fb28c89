/**
 * When a feed is checked next: the pure policy, apart from the scheduler that applies it.
 *
 * - A healthy feed is checked about twice per average gap between its entries (so a new entry
 *   waits half a gap on average), clamped to [10 min, 24 h], with ±10% jitter so feeds that were
 *   added together spread out.
 * - The publisher's hints are never undercut: RSS `<ttl>`, Cache-Control max-age, Expires and
 *   Retry-After. Hints are capped at 7 days so a bogus header can never stop a feed for good.
 * - A failing feed backs off exponentially (15 min, 30 min, 1 h … up to 24 h) with ±20% jitter,
 *   and keeps being retried at that pace: an error is never a silent stop. This is a retry
 *   schedule of the background loops' one kind (lib/claim-loop.ts), never given up.
 */
import { type RetrySchedule, retryDelay } from "../lib/claim-loop.ts";

export const MIN_INTERVAL_MS = 10 * 60 * 1000;
export const MAX_INTERVAL_MS = 24 * 60 * 60 * 1000;
export const MAX_HINT_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The longest interval of a boosted feed (POWER boosts): level 1 is checked at least every two
 * hours, level 2 and above every hour; null for a feed without boosts.
 */
export function boostedMaxInterval(boostLevel: number): number | null {
  if (boostLevel >= 2) return 60 * 60 * 1000;
  if (boostLevel === 1) return 2 * 60 * 60 * 1000;
  return null;
}
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
/** How a failing feed is tried again: 15 min, 30 min, 1 h … up to 24 h, ±20%, for as long as it fails. */
export const FEED_RETRY: RetrySchedule = { attempts: Infinity, firstMs: 15 * 60 * 1000, factor: 2, maxMs: MAX_INTERVAL_MS, jitter: 0.2 };

export interface ScheduleInput {
  now: number;
  /** Entries per week, estimated from the last fetch (null when unknown). */
  updatesPerWeek: number | null;
  /** Consecutive failures, counting this one (0 after a success). */
  errorCount: number;
  /** Publisher hints, in milliseconds from now. */
  ttlMs?: number | null;
  maxAgeMs?: number | null;
  expiresMs?: number | null;
  retryAfterMs?: number | null;
  /** A shorter longest interval for a healthy feed (a boosted one); publisher hints still win. */
  maxIntervalMs?: number | null;
  /** A number in [0, 1) for jitter; injectable for tests. */
  random?: () => number;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The interval of a healthy feed from its entry rate, before hints and jitter. */
export function baseInterval(updatesPerWeek: number | null): number {
  if (!updatesPerWeek || updatesPerWeek <= 0) return MAX_INTERVAL_MS;
  return clamp(WEEK_MS / updatesPerWeek / 2, MIN_INTERVAL_MS, MAX_INTERVAL_MS);
}

/** The back-off after `errorCount` consecutive failures, before hints and jitter. */
export function backoffInterval(errorCount: number): number {
  return retryDelay({ ...FEED_RETRY, jitter: 0 }, Math.max(1, errorCount))!;
}

/** The time (ms since the epoch) of the next check. */
export function nextCheckAt(input: ScheduleInput): number {
  const random = input.random ?? Math.random;
  const failing = input.errorCount > 0;
  const jittered = failing
    ? retryDelay(FEED_RETRY, input.errorCount, random)!
    : baseInterval(input.updatesPerWeek) * (0.9 + 0.2 * random());
  const hints = [input.ttlMs, input.maxAgeMs, input.expiresMs, input.retryAfterMs]
    .filter((hint): hint is number => typeof hint === "number" && Number.isFinite(hint) && hint > 0)
    .map((hint) => Math.min(hint, MAX_HINT_MS));
  const longest = Math.max(MIN_INTERVAL_MS, Math.min(MAX_INTERVAL_MS, input.maxIntervalMs ?? MAX_INTERVAL_MS));
  const interval = Math.max(failing ? jittered : clamp(jittered, MIN_INTERVAL_MS, longest), ...hints);
  return input.now + Math.round(interval);
}

/**
 * Entries per week from the publication dates of one document: the entries of the last 7 days,
 * scaled up when the document covers less than a week (a busy feed only lists its newest items).
 */
export function estimateUpdatesPerWeek(publishedAt: (number | null)[], now: number): number {
  const recent = publishedAt.filter((time): time is number => time !== null && time <= now && time > now - WEEK_MS);
  if (recent.length === 0) return 0;
  const oldest = Math.min(...recent);
  const all = publishedAt.filter((time): time is number => time !== null);
  const documentCoversWeek = all.some((time) => time <= now - WEEK_MS);
  if (documentCoversWeek || recent.length < 2) return recent.length;
  // Never extrapolate from less than a day: two posts in one minute are not 20 000 a week.
  const span = Math.max(now - oldest, 24 * 60 * 60 * 1000);
  // n entries span n - 1 gaps.
  return Math.round(((recent.length - 1) * WEEK_MS) / span);
}
