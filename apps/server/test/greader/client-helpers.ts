import { expect } from "vitest";
import { entriesStoreRepo } from "../../src/features/entries/entries-store.repo.ts";
import { appPassword } from "../helpers/app-passwords.ts";
import { apiAs, type Api, type ApiResult } from "../helpers/api.ts";
import { signUp, type TestApp } from "../helpers/app.ts";

/**
 * What the client replays in clients-*.test.ts share: a reader with an app password, requests sent
 * the way an app sends them (no Origin, no cookie; the body and query strings spelled as each app
 * spells them), and the id conversions the apps do on their side.
 */

export const STATE = "user/-/state/com.google/";
export const READING_LIST = `${STATE}reading-list`;
export const READ = `${STATE}read`;
export const STARRED = `${STATE}starred`;
export const ITEM_PREFIX = "tag:google.com,2005:reader/item/";

export interface Reader {
  web: Api;
  userId: string;
  email: string;
  /** An app password, as the reader pastes it into the app. */
  password: string;
}

/** A reader signed up on the web, with an app password made in the settings. */
export async function readerWithAppPassword(t: TestApp, email: string, appName: string): Promise<Reader> {
  const { cookie, userId } = await signUp(t, { email });
  const web = apiAs(t, cookie);
  return { web, userId, email, password: (await appPassword(web, appName)).password };
}

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

/** Parses a JSON answer, failing the test with the body when it is not JSON. */
export function json<T>(answer: Answer): T {
  try {
    return JSON.parse(answer.text) as T;
  } catch {
    throw new Error(`not JSON (${answer.status}): ${answer.text.slice(0, 300)}`);
  }
}

/**
 * A Google Reader API client on `base` (`/api/greader` or `/api/greader.php`). `auth` is the
 * ClientLogin token once there is one; paths are relative to the base (`reader/api/0/…`).
 */
export function greaderClient(t: TestApp, base: string) {
  let auth: string | null = null;
  async function send(method: "GET" | "POST", path: string, body?: string, extraHeaders: Record<string, string> = {}): Promise<Answer> {
    const headers = new Headers(extraHeaders);
    if (auth !== null) headers.set("authorization", `GoogleLogin auth=${auth}`);
    if (body !== undefined && !headers.has("content-type")) headers.set("content-type", "application/x-www-form-urlencoded");
    const response = await t.app.request(`${base}/${path.replace(/^\//, "")}`, { method, headers, ...(body !== undefined ? { body } : {}) });
    return { status: response.status, headers: response.headers, text: await response.text() };
  }
  return {
    setAuth(token: string | null) {
      auth = token;
    },
    get: (path: string, extraHeaders?: Record<string, string>) => send("GET", path, undefined, extraHeaders),
    post: (path: string, body: string, extraHeaders?: Record<string, string>) => send("POST", path, body, extraHeaders),
  };
}
export type GReaderClient = ReturnType<typeof greaderClient>;

/** `a=b&c=d` with nothing encoded, as Read You and NetNewsWire's hand-built bodies send it. */
export const raw = (pairs: [string, string][]) => pairs.map(([k, v]) => `${k}=${v}`).join("&");

/** A form body with every reserved character encoded (OkHttp's FormBody, reqwest's `.form`). */
export const form = (pairs: [string, string][]) => new URLSearchParams(pairs).toString();

/**
 * A query as Foundation's URLComponents writes URLQueryItems (NetNewsWire): `/`, `:`, `,`, `@`
 * and the like stay as they are, other reserved characters are percent-encoded.
 */
export const foundationQuery = (pairs: [string, string][]) =>
  pairs.map(([k, v]) => `${k}=${encodeURIComponent(v).replace(/%(2F|3A|2C|40|3F)/gi, (m) => decodeURIComponent(m))}`).join("&");

/** Decimal id → the 16-digit hex that Read You and NetNewsWire's edit-tag send (`%016x`, `%.16llx`). */
export const hex16 = (decimal: string) => BigInt(decimal).toString(16).padStart(16, "0");
/** Decimal id → hex without padding (NetNewsWire's `String(id, radix: 16)` for stream/items/contents). */
export const hexBare = (decimal: string) => BigInt(decimal).toString(16);
/** Long item id → decimal, as the apps do it (last path part, base 16). */
export const decimalOfLong = (long: string) => BigInt(`0x${long.slice(long.lastIndexOf("/") + 1)}`).toString();

export const chunk = <T>(list: T[], size: number) => Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, i * size + size));

/** What stream/items/ids answers. */
export interface ItemRefs {
  itemRefs?: { id: string; directStreamIds?: string[]; timestampUsec?: string }[];
  continuation?: string | null;
}

/**
 * Pages stream/items/ids the way the apps do: the same query again with `c` set to the last
 * `continuation`, until an answer has none. `query(c)` builds the request path for a page.
 * Asserts on the way that every id is a decimal string and that a continuation is URL-safe
 * (Read You puts it in the URL unencoded) and never an empty string (NetNewsWire and Read You
 * would ask again forever).
 */
export async function pageIds(client: GReaderClient, query: (c: string | null) => string, maxPages = 50): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let c: string | null = null;
  for (let pages = 1; pages <= maxPages; pages++) {
    const answer = await client.get(query(c));
    expect(answer.status, answer.text.slice(0, 200)).toBe(200);
    const body = json<ItemRefs>(answer);
    for (const ref of body.itemRefs ?? []) {
      expect(typeof ref.id).toBe("string");
      expect(ref.id).toMatch(/^\d+$/);
      ids.push(ref.id);
    }
    if (body.continuation === undefined || body.continuation === null) return { ids, pages };
    expect(body.continuation).toMatch(/^[A-Za-z0-9._~-]+$/);
    c = body.continuation;
  }
  throw new Error(`still a continuation after ${maxPages} pages`);
}

/** An item of stream/items/contents or stream/contents, as far as the replays read it. */
export interface Item {
  id: string;
  crawlTimeMsec?: unknown;
  timestampUsec?: unknown;
  published?: unknown;
  updated?: unknown;
  title?: unknown;
  author?: unknown;
  canonical?: { href?: unknown }[];
  alternate?: { href?: unknown; type?: unknown }[];
  categories?: unknown;
  origin?: { streamId?: unknown; title?: unknown; htmlUrl?: unknown };
  summary?: { content?: unknown; direction?: unknown };
}
export interface Contents {
  id?: unknown;
  updated?: unknown;
  title?: unknown;
  items?: Item[];
  continuation?: string | null;
}

/** The unread counts of the product's own API (`GET /api/reads`), summed. */
export async function unreadOnWeb(web: Api): Promise<number> {
  const counts = (await web.get<Record<string, number>>("/reads")).body.data ?? {};
  return Object.values(counts).reduce((sum, n) => sum + n, 0);
}

/** Whether the product's API has `entryId` starred (`GET /api/collections?entryId=`). */
export async function starredOnWeb(web: Api, entryId: string): Promise<boolean> {
  return (await web.get<boolean>(`/collections?entryId=${entryId}`)).body.data === true;
}

type TimelineRow = { read: boolean | null; entries: { id: string; publishedAt: string } };
/** The read flags of a feed's timeline on the product's API (`POST /api/entries`, paged), by entry id. */
export async function readFlagsOnWeb(web: Api, feedId: string): Promise<Map<string, boolean | null>> {
  const flags = new Map<string, boolean | null>();
  let cursor: { publishedAfter: number; publishedAfterId: string } | null = null;
  for (let page = 0; page < 20; page++) {
    const answer: ApiResult<TimelineRow[]> = await web.post<TimelineRow[]>("/entries", { feedId, limit: 100, ...cursor });
    expect(answer.status).toBe(200);
    const items: TimelineRow[] = answer.body.data ?? [];
    for (const item of items) flags.set(item.entries.id, item.read);
    if (items.length < 100) break;
    const last: TimelineRow["entries"] = items.at(-1)!.entries;
    cursor = { publishedAfter: Date.parse(last.publishedAt), publishedAfterId: last.id };
  }
  return flags;
}

/** Stores one entry with a chosen id (and maybe no link) in `feedId` and delivers it to its followers. */
export async function insertEntry(t: TestApp, feedId: string, entry: { id: string; title: string | null; url: string | null }): Promise<void> {
  const now = new Date();
  const row = { ...entry, feedId, guid: `g-${entry.id}`, description: "d", content: "<p>d</p>", contentHash: `h-${entry.id}`, publishedAt: now, insertedAt: now, updatedAt: now };
  await t.deps.db.transaction(async (tx) => {
    const inserted = await entriesStoreRepo.insertMany(tx, [row]);
    await t.deps.timeline.deliverFeedEntries(tx, feedId, inserted, now);
  });
}
