import { normalizeFeedUrl } from "../../content/feed-url.ts";
import type { RequestUser } from "../../http/context.ts";
import { BadRequest, crawlMs, folderOf, labelId, parseItemId, parseStream, READING_LIST, STARRED, type StreamRef } from "./greader.ids.ts";
import { presentItem, presentSubscription, streamIdOf } from "./greader.present.ts";
import type { GreaderItemsRepo } from "./greader-items.repo.ts";
import type { GreaderRepo, ItemQuery, StreamSource, SubscriptionRecord } from "./greader.repo.ts";

export const MAX_IDS = 10_000;
export const MAX_CONTENTS = 1000;

/** `n`, `c`, `r`, `xt`, `it`, `ot`, `nt` of a stream request. */
export interface StreamParams {
  n?: string | undefined;
  c?: string | undefined;
  r?: string | undefined;
  xt: string[];
  it: string[];
  ot?: string | undefined;
  nt?: string | undefined;
}

const toUsec = (id: string) => String(crawlMs(id) * 1000);

/** The streams that name one subscription. */
const SUBSCRIPTION_KINDS = { feed: 1, list: 1, inbox: 1, "feed-url": 1 };
/** What a state's stream is called, as its title. */
const STATE_TITLES: Partial<Record<StreamRef["kind"], string>> = { "reading-list": "Reading list", starred: "Starred items", read: "Read items", unread: "Kept unread" };

function parseCount(value: string | undefined, fallback: number, max: number): number {
  if (value === undefined || value === "") return fallback;
  if (!/^\d{1,9}$/.test(value)) throw new BadRequest("Invalid n");
  return Math.max(1, Math.min(max, Number(value)));
}

function parseSeconds(value: string | undefined, name: string): number | undefined {
  if (value === undefined || value === "") return undefined;
  if (!/^\d{1,16}$/.test(value)) throw new BadRequest(`Invalid ${name}`);
  return Number(value);
}

/** Reading through the Google Reader API: subscriptions, tags, counts, item ids and contents. */
export function createGreaderReader(deps: { repo: GreaderRepo; items: GreaderItemsRepo; idFloorAt: (ms: number) => string }) {
  const { repo } = deps;

  /** What a stream reads, for this reader; a feed, list or inbox they do not follow is unknown. */
  async function sourceOf(user: RequestUser, ref: StreamRef, subscriptions?: SubscriptionRecord[]): Promise<StreamSource> {
    if (ref.kind === "reading-list") return { sourceIds: null };
    if (ref.kind === "starred") return { sourceIds: null, starred: true };
    if (ref.kind === "read") return { sourceIds: null, state: "read" };
    if (ref.kind === "unread") return { sourceIds: null, state: "unread" };
    const subs = subscriptions ?? (await repo.subscriptions(user.id));
    if (ref.kind === "label") return { sourceIds: subs.filter((s) => folderOf(s.category) === ref.name).map((s) => s.targetId), label: ref.name };
    const found = findSubscription(subs, ref);
    if (!found) throw new BadRequest("Unknown stream");
    return { sourceIds: [found.targetId] };
  }

  function query(params: StreamParams, max: number, userId: string): ItemQuery {
    const result: ItemQuery = { limit: parseCount(params.n, 20, max), oldestFirst: params.r === "o" };
    if (params.c) {
      if (!/^\d{1,19}$/.test(params.c)) throw new BadRequest("Invalid continuation");
      result.after = params.c;
    }
    for (const raw of params.xt) {
      const ref = parseStream(raw, userId);
      if (ref.kind === "read") result.excludeRead = true;
      else if (ref.kind === "starred") result.excludeStarred = true;
      else if (ref.kind === "unread") result.onlyRead = true;
      else throw new BadRequest("Unsupported xt");
    }
    for (const raw of params.it) {
      const ref = parseStream(raw, userId);
      if (ref.kind === "read") result.onlyRead = true;
      else if (ref.kind === "starred") result.onlyStarred = true;
      else if (ref.kind === "unread") result.excludeRead = true;
      else if (ref.kind !== "reading-list") throw new BadRequest("Unsupported it");
    }
    const ot = parseSeconds(params.ot, "ot");
    const nt = parseSeconds(params.nt, "nt");
    if (ot !== undefined) result.minId = deps.idFloorAt(ot * 1000);
    if (nt !== undefined) result.belowId = deps.idFloorAt(nt * 1000);
    return result;
  }

  /** One page of a stream's ids: one more is asked for, to know whether a next page exists. */
  async function page(user: RequestUser, stream: string, params: StreamParams, max: number) {
    const ref = parseStream(stream, user.id);
    const subscriptions = ref.kind === "label" || ref.kind in SUBSCRIPTION_KINDS ? await repo.subscriptions(user.id) : undefined;
    const source = await sourceOf(user, ref, subscriptions);
    const q = query(params, max, user.id);
    const ids = await repo.itemIds(user.id, source, { ...q, limit: q.limit + 1 });
    const more = ids.length > q.limit;
    const pageIds = more ? ids.slice(0, q.limit) : ids;
    const title = subscriptions ? (findSubscription(subscriptions, ref)?.title ?? (ref.kind === "label" ? ref.name : stream)) : STATE_TITLES[ref.kind] ?? stream;
    return { ids: pageIds, continuation: more ? pageIds[pageIds.length - 1] : undefined, title };
  }

  async function contents(user: RequestUser, ids: string[]) {
    const [records, labels] = await Promise.all([deps.items.items(user.id, ids), repo.labelsOf(user.id, ids)]);
    const byId = new Map(records.map((record) => [record.id, record]));
    return ids.map((id) => {
      const record = byId.get(id);
      if (!record?.visible) throw new BadRequest("Unknown item");
      return presentItem(record, labels.get(id) ?? []);
    });
  }

  return {
    sourceOf,
    async subscriptionList(user: RequestUser) {
      return { subscriptions: (await repo.subscriptions(user.id)).map(presentSubscription) };
    },

    async tagList(user: RequestUser) {
      const [subs, labels] = await Promise.all([repo.subscriptions(user.id), repo.labels(user.id)]);
      const folders = [...new Set(subs.map((s) => folderOf(s.category)))].sort((a, b) => a.localeCompare(b));
      const tags = [{ id: STARRED }, ...folders.map((name) => ({ id: labelId(name), type: "folder" }))];
      for (const label of labels) if (!folders.includes(label)) tags.push({ id: labelId(label), type: "tag" });
      return { tags };
    },

    async unreadCount(user: RequestUser) {
      const unreadcounts: { id: string; count: number; newestItemTimestampUsec: string }[] = [];
      const folders = new Map<string, { count: number; newestMs: number }>();
      let total = 0;
      let newestOfAll = 0;
      const usec = (ms: number) => String(ms * 1000);
      for (const record of await repo.unreadCounts(user.id)) {
        unreadcounts.push({ id: streamIdOf(record), count: record.count, newestItemTimestampUsec: usec(record.newestMs) });
        total += record.count;
        newestOfAll = Math.max(newestOfAll, record.newestMs);
        const name = folderOf(record.category);
        const folder = folders.get(name) ?? { count: 0, newestMs: 0 };
        folder.count += record.count;
        folder.newestMs = Math.max(folder.newestMs, record.newestMs);
        folders.set(name, folder);
      }
      for (const [name, folder] of folders) unreadcounts.push({ id: labelId(name), count: folder.count, newestItemTimestampUsec: usec(folder.newestMs) });
      unreadcounts.push({ id: READING_LIST, count: total, newestItemTimestampUsec: usec(newestOfAll) });
      return { max: Math.max(total, 1000), unreadcounts };
    },

    async itemIds(user: RequestUser, stream: string, params: StreamParams) {
      const { ids, continuation } = await page(user, stream, params, MAX_IDS);
      return { itemRefs: ids.map((id) => ({ id, directStreamIds: [], timestampUsec: toUsec(id) })), ...(continuation ? { continuation } : {}) };
    },

    async streamContents(user: RequestUser, stream: string, params: StreamParams, now: Date) {
      const { ids, continuation, title } = await page(user, stream, params, MAX_CONTENTS);
      return {
        id: stream,
        title,
        updated: Math.floor(now.getTime() / 1000),
        items: await contents(user, ids),
        ...(continuation ? { continuation } : {}),
      };
    },

    async itemContents(user: RequestUser, rawIds: string[], now: Date) {
      const ids = [...new Set(rawIds.map(parseItemId))];
      if (ids.length === 0) throw new BadRequest("No item ids");
      if (ids.length > MAX_CONTENTS) throw new BadRequest(`At most ${MAX_CONTENTS} items`);
      return { id: READING_LIST, updated: Math.floor(now.getTime() / 1000), items: await contents(user, ids) };
    },
  };
}

/** The reader's subscription a feed, list or inbox stream names, or null. */
export function findSubscription(subs: SubscriptionRecord[], ref: StreamRef): SubscriptionRecord | null {
  if (ref.kind === "feed") return subs.find((s) => s.type === "feed" && s.targetId === ref.feedId) ?? null;
  if (ref.kind === "list") return subs.find((s) => s.type === "list" && s.targetId === ref.listId) ?? null;
  if (ref.kind === "inbox") return subs.find((s) => s.type === "inbox" && s.handle === ref.handle) ?? null;
  if (ref.kind === "feed-url") {
    const url = normalizeFeedUrl(ref.url) ?? ref.url;
    return subs.find((s) => s.type === "feed" && (s.url === url || s.url === ref.url)) ?? null;
  }
  return null;
}

export type GreaderReader = ReturnType<typeof createGreaderReader>;
