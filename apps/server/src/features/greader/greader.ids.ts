import { idTimestamp } from "@tidings/contracts";

/**
 * Google Reader's names for items and streams, and ours behind them. An item is an entry: its
 * long id is `tag:google.com,2005:reader/item/` and the entry's id in 16 hex digits, its short id
 * the same number in decimal. Ids grow with the time an entry was fetched, which is what Google
 * Reader's "crawl time" was: streams are ordered by it and `ot`/`nt`/`ts` bound it.
 */
export const ITEM_PREFIX = "tag:google.com,2005:reader/item/";
const MAX_INT64 = 2n ** 63n - 1n;

/** A client sent something that is not an id, a stream or a parameter we know: 400 with a short reason. */
export class BadRequest extends Error {}

/** An item id in either form (also the long form's 16 hex digits alone, as some apps send it) as our decimal id. */
export function parseItemId(value: string): string {
  const text = value.trim();
  let id: bigint | null = null;
  if (text.startsWith(ITEM_PREFIX)) {
    const hex = text.slice(ITEM_PREFIX.length);
    if (/^[0-9a-fA-F]{1,16}$/.test(hex)) id = BigInt(`0x${hex}`);
  } else if (/^[0-9a-fA-F]{16}$/.test(text) && (text.startsWith("0") || /[a-fA-F]/.test(text))) {
    // The long form without its prefix (Read You, older NetNewsWire): 16 hex digits. A decimal id
    // never starts with 0, and ours are 18 or 19 digits long.
    id = BigInt(`0x${text}`);
  } else if (/^-?\d{1,20}$/.test(text)) {
    id = BigInt(text);
    // Clients that keep ids in a signed 64-bit integer may send the two's complement.
    if (id < 0n) id += 2n ** 64n;
  }
  if (id === null || id <= 0n || id > MAX_INT64) throw new BadRequest(`Invalid item id: ${text.slice(0, 80)}`);
  return id.toString();
}

export const longItemId = (id: string) => ITEM_PREFIX + BigInt(id).toString(16).padStart(16, "0");
/** When the entry was fetched, in microseconds, as Google Reader's `timestampUsec` / `crawlTimeMsec`. */
export const crawlMs = (id: string) => idTimestamp(id);

export const STATE = "user/-/state/com.google/";
export const READING_LIST = `${STATE}reading-list`;
export const STARRED = `${STATE}starred`;
export const READ = `${STATE}read`;
export const KEPT_UNREAD = `${STATE}kept-unread`;
export const labelId = (name: string) => `user/-/label/${name}`;
/**
 * The folder apps see a subscription in when it has none: apps such as Read You need every
 * subscription in one (FreshRSS always files them). Filing into it un-files.
 */
export const UNCATEGORIZED = "Uncategorized";
/** A subscription's folder as apps see it. */
export const folderOf = (category: string | null) => category ?? UNCATEGORIZED;
/** A folder name from an app as stored: the default folder is no folder. */
export const categoryOf = (folder: string) => (folder === UNCATEGORIZED ? null : folder);

/** What a stream id names. */
export type StreamRef =
  | { kind: "reading-list" | "starred" | "read" | "unread" }
  | { kind: "label"; name: string }
  | { kind: "feed"; feedId: string }
  | { kind: "feed-url"; url: string }
  | { kind: "list"; listId: string }
  | { kind: "inbox"; handle: string };

/** `user/-/…` or `user/<the reader's id>/…` as `user/-/…`; another reader's id is refused. */
function ownUserPart(stream: string, userId: string): string {
  const match = /^user\/([^/]+)\/(.*)$/.exec(stream);
  if (!match) return stream;
  if (match[1] !== "-" && match[1] !== userId) throw new BadRequest("Unknown stream");
  return `user/-/${match[2]}`;
}

/** Parses a stream id (`s`, a path, `a`/`r` tags) for the reader `userId`. */
export function parseStream(raw: string, userId: string): StreamRef {
  const stream = ownUserPart(raw.trim(), userId);
  if (stream === READING_LIST) return { kind: "reading-list" };
  if (stream === STARRED) return { kind: "starred" };
  if (stream === READ) return { kind: "read" };
  if (stream === KEPT_UNREAD) return { kind: "unread" };
  if (stream.startsWith("user/-/label/")) {
    const name = stream.slice("user/-/label/".length).trim();
    if (!name || name.length > 100) throw new BadRequest("Invalid label");
    return { kind: "label", name };
  }
  if (stream.startsWith("feed/")) {
    const rest = stream.slice(5);
    if (/^\d{1,19}$/.test(rest)) return { kind: "feed", feedId: rest };
    if (/^list-\d{1,19}$/.test(rest)) return { kind: "list", listId: rest.slice(5) };
    if (/^inbox-[\w.-]{1,64}$/.test(rest)) return { kind: "inbox", handle: rest.slice(6) };
    if (/^(https?|rsshub):\/\//i.test(rest)) return { kind: "feed-url", url: rest };
  }
  throw new BadRequest(`Unknown stream: ${raw.slice(0, 80)}`);
}
