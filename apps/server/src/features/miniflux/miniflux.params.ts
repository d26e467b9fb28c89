import type { EntryFilter } from "./miniflux.repo.ts";

/** A parameter Miniflux would refuse: 400 with this message. */
export class MinifluxInputError extends Error {}

/** Entries one call answers at most (Miniflux's default is 100). */
export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 10_000;
const ORDERS = ["id", "status", "published_at", "category_title", "category_id", "created_at", "changed_at"] as const;

type Query = { get(name: string): string | undefined; all(name: string): string[] };

/** A whole number within bounds, or null when absent; anything else is refused. */
export function integerParam(query: Query, name: string, max = Number.MAX_SAFE_INTEGER): number | null {
  const raw = query.get(name);
  if (raw === undefined || raw.trim() === "") return null;
  if (!/^\d{1,16}$/.test(raw.trim()) || Number(raw) > max) throw new MinifluxInputError(`Invalid ${name} value`);
  return Number(raw);
}

const unixTime = (query: Query, name: string) => {
  const seconds = integerParam(query, name, 253_402_300_799);
  return seconds === null ? null : new Date(seconds * 1000);
};

function booleanParam(query: Query, name: string): boolean | null {
  const raw = query.get(name);
  if (raw === undefined || raw === "") return null;
  if (/^(1|true)$/i.test(raw)) return true;
  if (/^(0|false)$/i.test(raw)) return false;
  throw new MinifluxInputError(`Invalid ${name} value`);
}

/**
 * The filter of `GET /v1/entries` (and a feed's or a category's entries), read as Miniflux reads
 * it: `status` (repeatable: unread, read, removed), `starred`, `limit`, `offset`, `order`,
 * `direction`, `before`/`after` and `published_before`/`published_after` (Unix seconds, on the
 * publication time), `changed_before`/`changed_after`, `before_entry_id`/`after_entry_id`, and
 * `search`. `sourceIds` and the category order come from the caller.
 */
export function entryFilter(query: Query, scope: { sourceIds: string[] | null; categoryOrder: string[] }): EntryFilter {
  const statuses = query.all("status").flatMap((value) => value.split(",")).map((value) => value.trim()).filter(Boolean);
  for (const status of statuses) if (status !== "read" && status !== "unread" && status !== "removed") throw new MinifluxInputError("Invalid status value");
  const order = query.get("order") ?? "published_at";
  if (!(ORDERS as readonly string[]).includes(order)) throw new MinifluxInputError(`Invalid order, valid order values are: ${ORDERS.join(", ")}`);
  const direction = query.get("direction") ?? "asc";
  if (direction !== "asc" && direction !== "desc") throw new MinifluxInputError("Invalid direction, valid direction values are: asc, desc");
  const limit = integerParam(query, "limit", MAX_LIMIT);
  return {
    sourceIds: scope.sourceIds,
    // "removed" entries are none here; asking only for them answers nothing.
    status: statuses.length ? statuses.filter((status): status is "read" | "unread" => status !== "removed") : null,
    starred: booleanParam(query, "starred"),
    publishedBefore: unixTime(query, "published_before") ?? unixTime(query, "before"),
    publishedAfter: unixTime(query, "published_after") ?? unixTime(query, "after"),
    changedBefore: unixTime(query, "changed_before"),
    changedAfter: unixTime(query, "changed_after"),
    beforeId: integerParam(query, "before_entry_id"),
    afterId: integerParam(query, "after_entry_id"),
    search: query.get("search")?.trim().slice(0, 200) || null,
    categoryOrder: scope.categoryOrder,
    order: order as EntryFilter["order"],
    direction,
    limit: limit === null || limit === 0 ? DEFAULT_LIMIT : limit,
    offset: integerParam(query, "offset", 10_000_000) ?? 0,
  };
}
