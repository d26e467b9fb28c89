/**
 * What a Fever call asks for, read strictly from its arguments: the sections to answer (query
 * flags), how to page `items`, and at most one mark. A malformed number is an error the route
 * answers with 400, never a guess (`"12abc"` is not 12, `"-1"` is not an entry id).
 */

/**
 * The largest item id read: item ids are entries' sync ids (1, 2, 3…, below 2^53), but a cursor
 * may be any PostgreSQL bigint (a JavaScript client pages down from Number.MAX_SAFE_INTEGER; an
 * app that synced before item ids were small holds 18-digit ones).
 */
const MAX_BIGINT = 9_223_372_036_854_775_807n;
/** Feed (subscription sync) and group ids are 32-bit integers. */
const MAX_INT32 = 2_147_483_647;
/** `with_ids` names at most this many items, as Fever documents. */
export const MAX_WITH_IDS = 50;

export type ItemsQuery =
  | { kind: "first" }
  /** Items with ids above `id`, ascending. */
  | { kind: "since"; id: string }
  /** Items with ids below `id` (null: from the newest), descending. */
  | { kind: "max"; id: string | null }
  | { kind: "with"; ids: string[] };

export type ItemMark = "read" | "unread" | "saved" | "unsaved";

export type Mark =
  /** `itemId`: the entry's sync id. */
  | { kind: "item"; as: ItemMark; itemId: string }
  /** Reads a subscription (by its sync id) up to `before` (null: now). */
  | { kind: "feed"; feedId: number; before: Date | null }
  /** Reads a group (0: everything, -1: the sparks, which are none) up to `before` (null: now). */
  | { kind: "group"; groupId: number; before: Date | null };

export interface FeverRequest {
  groups: boolean;
  feeds: boolean;
  favicons: boolean;
  links: boolean;
  unreadItemIds: boolean;
  savedItemIds: boolean;
  items: ItemsQuery | null;
  mark: Mark | null;
}

/** The call's arguments: whether a flag is there (query or form), and a value by name. */
export interface FeverArguments {
  has(name: string): boolean;
  get(name: string): string | undefined;
}

export type Parsed = { ok: true; request: FeverRequest } | { ok: false; error: string };

class Malformed extends Error {}

/** A non-negative decimal item id, normalised ("007" is "7"); `allowZero` for paging cursors. */
function itemId(name: string, raw: string, allowZero = false): string {
  const text = raw.trim();
  if (!/^\d{1,19}$/.test(text)) throw new Malformed(`${name} must be a decimal item id`);
  const value = BigInt(text);
  if (value > MAX_BIGINT) throw new Malformed(`${name} is out of range`);
  if (value === 0n && !allowZero) throw new Malformed(`${name} must be a positive item id`);
  return value.toString();
}

/** A 32-bit integer, optionally negative. */
function int32(name: string, raw: string, allowNegative: boolean): number {
  const text = raw.trim();
  if (!(allowNegative ? /^-?\d{1,10}$/ : /^\d{1,10}$/).test(text)) throw new Malformed(`${name} must be an integer`);
  const value = Number(text);
  if (value > MAX_INT32 || value < -MAX_INT32 - 1) throw new Malformed(`${name} is out of range`);
  return value === 0 ? 0 : value; // no -0
}

/** `before`: a Unix time in seconds; absent means now. */
function unixTime(raw: string | undefined): Date | null {
  if (raw === undefined || raw.trim() === "") return null;
  const text = raw.trim();
  if (!/^\d{1,11}$/.test(text)) throw new Malformed("before must be a Unix time in seconds");
  return new Date(Number(text) * 1000);
}

function required(args: FeverArguments, name: string): string {
  const value = args.get(name);
  if (value === undefined || value.trim() === "") throw new Malformed(`${name} is missing`);
  return value;
}

function itemsQuery(args: FeverArguments): ItemsQuery {
  const withIds = args.get("with_ids");
  if (withIds !== undefined) {
    // Blank parts ("1,,2", a trailing comma) are skipped; anything else must be an id.
    const parts = withIds.split(",").filter((part) => part.trim() !== "");
    if (parts.length > MAX_WITH_IDS) throw new Malformed(`with_ids names at most ${MAX_WITH_IDS} items`);
    return { kind: "with", ids: [...new Set(parts.map((part) => itemId("with_ids", part)))] };
  }
  const since = args.get("since_id");
  if (since !== undefined) return { kind: "since", id: itemId("since_id", since, true) };
  const max = args.get("max_id");
  if (max !== undefined) {
    const id = itemId("max_id", max, true);
    return { kind: "max", id: id === "0" ? null : id };
  }
  return { kind: "first" };
}

function mark(args: FeverArguments): Mark | null {
  const what = args.get("mark");
  if (what === undefined) return null;
  const as = required(args, "as").trim().toLowerCase();
  const id = required(args, "id");
  switch (what.trim().toLowerCase()) {
    case "item":
      if (as !== "read" && as !== "unread" && as !== "saved" && as !== "unsaved") throw new Malformed("as must be read, unread, saved or unsaved");
      return { kind: "item", as, itemId: itemId("id", id) };
    case "feed":
      if (as !== "read") throw new Malformed("a feed can only be marked read");
      return { kind: "feed", feedId: int32("id", id, false), before: unixTime(args.get("before")) };
    case "group":
      if (as !== "read") throw new Malformed("a group can only be marked read");
      return { kind: "group", groupId: int32("id", id, true), before: unixTime(args.get("before")) };
    default:
      throw new Malformed("mark must be item, feed or group");
  }
}

/** Reads a Fever call's arguments; `{ok: false}` with a short reason for anything malformed. */
export function parseFeverRequest(args: FeverArguments): Parsed {
  try {
    return {
      ok: true,
      request: {
        groups: args.has("groups"),
        feeds: args.has("feeds"),
        favicons: args.has("favicons"),
        links: args.has("links"),
        unreadItemIds: args.has("unread_item_ids"),
        savedItemIds: args.has("saved_item_ids"),
        items: args.has("items") ? itemsQuery(args) : null,
        mark: mark(args),
      },
    };
  } catch (error) {
    if (error instanceof Malformed) return { ok: false, error: error.message };
    throw error;
  }
}
