/**
 * How much older than its arrival a quick call counts on the embedded database, which runs one
 * query at a time, oldest work first (db/oldest-first.ts): unread counts, marking read or unread
 * and starring make one to three small queries, and a reader waits on them (a badge, a tick), so
 * they go before heavier work (a search, a timeline page) that arrived up to this long before
 * them. The heavier work is still never starved: past this head start it goes first.
 */
export const QUICK_HEAD_START_MS = 1000;

/** The quick calls: `/api/reads` (counts, marks) and `/api/collections` (stars), without sub-paths (mark all, totals). */
const QUICK = /^\/api\/(?:reads|collections)\/?$/;

/** When a request counts as having arrived, for the embedded database's turns. */
export function workArrival(path: string, now: number = performance.now()): number {
  return QUICK.test(path) ? now - QUICK_HEAD_START_MS : now;
}
