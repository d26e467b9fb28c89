import { normalizeFeedUrl } from "../../content/feed-url.ts";
import { cleanTitle } from "./opml-names.ts";
import type { OpmlItem } from "./opml-read.ts";

/** Longest feed address accepted (as when following one feed). */
export const MAX_FEED_URL_LENGTH = 2048;

/** What becomes of one item of an imported file. */
export type ImportStep =
  /** A new subscription (and a new feed when none has that address). */
  | { kind: "create"; url: string; title: string | null; siteUrl: string | null; category: string | null; view: number }
  /** Already followed, before the import or earlier in the same file. */
  | { kind: "conflict"; url: string }
  /** Not imported, and why. */
  | { kind: "error"; url?: string; title?: string; reason: string };

export interface PlanInput {
  /** The view of items the file does not place in one. */
  defaultView: number;
  /** Normalised addresses of the feeds the user follows already. */
  followed: ReadonlySet<string>;
  /** How many new subscriptions the user still has room for… */
  room: number;
  /** …and what an item beyond that is told. */
  limitReason: string;
}

const described = (item: OpmlItem, reason: string): ImportStep => ({
  kind: "error",
  ...(item.url ? { url: item.url } : {}),
  ...(item.title ? { title: item.title } : {}),
  reason,
});

/**
 * Decides, item by item in file order, what an import does: an unusable address is an error, a
 * followed feed (or one met earlier in the file) a conflict, a new feed a subscription while there
 * is room and an error after that. Pure, so that every rule is tested without a database.
 */
export function planImport(items: readonly OpmlItem[], input: PlanInput): ImportStep[] {
  const seen = new Set<string>();
  let room = input.room;
  return items.map((item): ImportStep => {
    if (!item.url) return described(item, "The outline has no feed address (xmlUrl)");
    if (item.url.length > MAX_FEED_URL_LENGTH) return described(item, `The feed address is longer than ${MAX_FEED_URL_LENGTH} characters`);
    const url = normalizeFeedUrl(item.url);
    if (!url) return described(item, "Not a feed address: only http(s) and rsshub:// addresses can be followed");
    if (seen.has(url) || input.followed.has(url)) {
      seen.add(url);
      return { kind: "conflict", url };
    }
    if (room <= 0) return described(item, input.limitReason);
    room--;
    seen.add(url);
    return { kind: "create", url, title: cleanTitle(item.title), siteUrl: item.siteUrl, category: item.category, view: item.view ?? input.defaultView };
  });
}

/**
 * Timeline rows one import may add for feeds that already have entries. Each such feed gets the
 * recent entries a new subscriber gets (`full`, 200) while the file holds few of them; a file of a
 * thousand known feeds gets fewer per feed (at least 10), because writing 200 000 rows would take
 * the answer well past five seconds. Older entries stay reachable in the feed's archive.
 */
export const IMPORT_BACKFILL_BUDGET = 10_000;
export const IMPORT_BACKFILL_MIN = 10;

/** Entries per known feed an import backfills, given how many known feeds it subscribes to. */
export function importBackfillDepth(knownFeeds: number, full: number): number {
  if (knownFeeds === 0) return full;
  return Math.max(IMPORT_BACKFILL_MIN, Math.min(full, Math.floor(IMPORT_BACKFILL_BUDGET / knownFeeds)));
}
