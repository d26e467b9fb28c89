import type { RequestUser } from "../../http/context.ts";
import type { Clock } from "../../lib/clock.ts";
import type { MarkAllScope, TimelineRepo } from "../../timeline/timeline.repo.ts";
import { groupIds } from "../../lib/category-ids.ts";
import type { FeverRequest, Mark } from "./fever.params.ts";
import type { FeverItemRow, FeverRepo, FeverSubscriptionRow } from "./fever.repo.ts";

/** The Fever API version this server speaks. */
export const API_VERSION = 3;

/** A well-formed call that names something the reader does not have: answered 400, nothing written. */
export class FeverInputError extends Error {}

/** Stars, as the collections feature keeps them. */
export interface FeverStars {
  star(user: RequestUser, entryId: string, view: number): Promise<void>;
  unstar(user: RequestUser, entryId: string): Promise<void>;
}

export interface FeverServiceDeps {
  repo: FeverRepo;
  timeline: Pick<TimelineRepo, "markRead" | "markUnread" | "markAll">;
  stars: FeverStars;
  clock: Clock;
  /** Runs a write again when PostgreSQL aborted it over a deadlock. */
  retry: <T>(work: () => Promise<T>) => Promise<T>;
  /** The web client's address: a list's Fever URL is its share page. */
  webUrl: string;
  /** What follows an inbox's handle in its e-mail address. */
  inboxEmailSuffix: string;
  /** An icon at an address if the image cache holds it (fetched in the background otherwise), or null. */
  icon?: (url: string) => Promise<{ type: string; bytes: Buffer } | null>;
}

const seconds = (date: Date | null | undefined) => (date ? Math.floor(date.getTime() / 1000) : 0);

/** `image/png;base64,…` of a `data:` image address: the only icons answered without a fetch. */
function inlineIcon(address: string | null | undefined): string | null {
  const match = address ? /^data:(image\/[\w.+-]+);base64,([A-Za-z0-9+/=\s]+)$/.exec(address.trim()) : null;
  return match ? `${match[1]};base64,${match[2]!.replace(/\s+/g, "")}` : null;
}

/** The address of a subscription's icon: its own picture (a feed's is its site's icon when it has none). */
const iconAddress = (row: FeverSubscriptionRow) => row.feed?.image ?? row.list?.image ?? row.inbox?.image ?? null;
const fetchable = (address: string | null): address is string => address !== null && /^https?:\/\//i.test(address);

/** A subscription as a Fever feed: what it is called, where it lives, when it last changed. */
function feedOf(row: FeverSubscriptionRow, deps: Pick<FeverServiceDeps, "webUrl" | "inboxEmailSuffix" | "icon">) {
  const address = iconAddress(row);
  const icon = inlineIcon(address) ?? (deps.icon && fetchable(address));
  const base = { id: row.syncId, favicon_id: icon ? row.syncId : 0, is_spark: 0 };
  if (row.feed) {
    const { feed } = row;
    return { ...base, title: row.title ?? feed.title ?? feed.url, url: feed.url, site_url: feed.siteUrl ?? "", last_updated_on_time: seconds(feed.checkedAt) };
  }
  if (row.list) {
    const page = `${deps.webUrl.replace(/\/+$/, "")}/share/lists/${row.list.id}`;
    return { ...base, title: row.title ?? row.list.title, url: page, site_url: page, last_updated_on_time: seconds(row.list.timelineUpdatedAt ?? row.list.updatedAt) };
  }
  const handle = row.inbox?.handle ?? "";
  return { ...base, title: row.title ?? row.inbox?.title ?? handle, url: `mailto:${handle}${deps.inboxEmailSuffix}`, site_url: "", last_updated_on_time: seconds(row.inbox?.updatedAt) };
}

function itemOf(row: FeverItemRow) {
  return {
    id: row.id,
    feed_id: row.feedId,
    title: row.title ?? "",
    author: row.author ?? "",
    html: row.html ?? "",
    url: row.url ?? "",
    is_saved: row.isSaved ? 1 : 0,
    is_read: row.isRead ? 1 : 0,
    created_on_time: seconds(row.publishedAt),
  };
}

/** Fever groups (categories) with their ids, and each group's feed ids; subscriptions with no category are in none. */
function grouping(subscriptions: FeverSubscriptionRow[]) {
  const ids = groupIds(subscriptions.flatMap((s) => (s.category ? [s.category] : [])));
  const members = new Map<number, FeverSubscriptionRow[]>();
  for (const s of subscriptions) {
    if (!s.category) continue;
    const id = ids.get(s.category)!;
    members.set(id, [...(members.get(id) ?? []), s]);
  }
  return {
    groups: [...ids].map(([title, id]) => ({ id, title })),
    members,
    feedsGroups: [...members].map(([groupId, rows]) => ({ group_id: groupId, feed_ids: rows.map((s) => s.syncId).join(",") })),
  };
}

/** The newest publication time a read mark covers: just before `before` (Fever's "before"), or now. */
/** How long a reader's item count is reused, and for how many readers at most. */
const TOTAL_ITEMS_TTL_MS = 60_000;
const MAX_COUNTED_READERS = 1000;

const endTime = (before: Date | null, now: Date) => (before ? new Date(before.getTime() - 1) : now);

/**
 * The Fever API over one reader's subscriptions, timeline and stars. Reading state moves through
 * the timeline (so unread counts stay right), stars through the collections feature; every id is
 * checked against the reader before anything is written.
 */
export function createFeverService(deps: FeverServiceDeps) {
  const { repo, timeline, clock, retry } = deps;
  const totals = new Map<string, { at: number; total: number }>();

  /**
   * How many items the reader has, counted at most once a minute: a sync pages through its items
   * in a burst of calls, and counting a large timeline costs more than a page (~0.5 s at a
   * million items). The count only informs a progress bar; marks do not change it.
   */
  async function totalItems(userId: string): Promise<number> {
    const now = clock.now().getTime();
    const known = totals.get(userId);
    if (known && now - known.at < TOTAL_ITEMS_TTL_MS) return known.total;
    const total = await repo.totalItems(userId);
    totals.delete(userId);
    totals.set(userId, { at: now, total });
    if (totals.size > MAX_COUNTED_READERS) totals.delete(totals.keys().next().value!);
    return total;
  }

  async function mark(user: RequestUser, request: Mark, subscriptions: () => Promise<FeverSubscriptionRow[]>): Promise<"unread" | "saved"> {
    const now = clock.now();
    if (request.kind === "item") {
      const item = await repo.item(user.id, request.itemId);
      if (!item) throw new FeverInputError("no such item");
      const { entryId } = item;
      switch (request.as) {
        case "read":
          await retry(() => timeline.markRead(user.id, [entryId], now));
          return "unread";
        case "unread":
          await retry(() => timeline.markUnread(user.id, [entryId]));
          return "unread";
        case "saved":
          if (!item.saved) await deps.stars.star(user, entryId, item.view);
          return "saved";
        case "unsaved":
          await deps.stars.unstar(user, entryId);
          return "saved";
      }
    }
    const scope: MarkAllScope = { endTime: endTime(request.before, now) };
    if (request.kind === "feed") {
      const target = (await subscriptions()).find((s) => s.syncId === request.feedId);
      if (!target?.targetId) throw new FeverInputError("no such feed");
      scope.sourceIds = [target.targetId];
    } else if (request.groupId === -1) {
      return "unread"; // The sparks: no subscription is one.
    } else if (request.groupId !== 0) {
      // Group 0 ("Kindling") is every subscription: no scope beyond the time.
      const members = grouping(await subscriptions()).members.get(request.groupId);
      if (!members) throw new FeverInputError("no such group");
      scope.sourceIds = members.flatMap((s) => (s.targetId ? [s.targetId] : []));
    }
    await retry(() => timeline.markAll(user.id, scope, now));
    return "unread";
  }

  return {
    /**
     * The answer to a call: the write it asks for first (refused whole if any id is not the
     * reader's), then every section it names, the list a mark changed among them.
     */
    async answer(user: RequestUser, request: FeverRequest): Promise<Record<string, unknown>> {
      let loaded: Promise<FeverSubscriptionRow[]> | null = null;
      const subscriptions = () => (loaded ??= repo.subscriptions(user.id));
      const changed = request.mark ? await mark(user, request.mark, subscriptions) : null;

      const answer: Record<string, unknown> = { api_version: API_VERSION, auth: 1, last_refreshed_on_time: seconds(await repo.lastRefreshed(user.id)) };
      if (request.groups || request.feeds) {
        const rows = await subscriptions();
        const { groups, feedsGroups } = grouping(rows);
        if (request.groups) answer.groups = groups;
        if (request.feeds) answer.feeds = rows.map((row) => feedOf(row, deps));
        answer.feeds_groups = feedsGroups;
      }
      if (request.favicons) {
        // Inline icons as they are; others from the image cache (a first ask warms it for the next).
        const icons = await Promise.all(
          (await subscriptions()).map(async (row) => {
            const address = iconAddress(row);
            const inline = inlineIcon(address);
            if (inline) return { id: row.syncId, data: inline };
            const file = deps.icon && fetchable(address) ? await deps.icon(address) : null;
            return file ? { id: row.syncId, data: `${file.type};base64,${file.bytes.toString("base64")}` } : null;
          }),
        );
        answer.favicons = icons.filter((icon) => icon !== null);
      }
      if (request.items) {
        const [items, total] = await Promise.all([repo.items(user.id, request.items), totalItems(user.id)]);
        answer.items = items.map(itemOf);
        answer.total_items = total;
      }
      if (request.links) answer.links = [];
      if (request.unreadItemIds || changed === "unread") answer.unread_item_ids = (await repo.unreadIds(user.id)).join(",");
      if (request.savedItemIds || changed === "saved") answer.saved_item_ids = (await repo.savedIds(user.id)).join(",");
      return answer;
    },
  };
}

export type FeverService = ReturnType<typeof createFeverService>;
