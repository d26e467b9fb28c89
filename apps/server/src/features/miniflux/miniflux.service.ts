import type { RequestUser } from "../../http/context.ts";
import type { Clock } from "../../lib/clock.ts";
import { groupIds } from "../../lib/category-ids.ts";
import type { MarkAllScope, TimelineRepo } from "../../timeline/timeline.repo.ts";
import type { SubscriptionsService } from "../subscriptions/index.ts";
import { entryFilter, integerParam, MinifluxInputError } from "./miniflux.params.ts";
import { categoryNameOf, presentCategory, presentEntry, presentFeed, type PresentContext, userNumber } from "./miniflux.present.ts";
import { DEFAULT_CATEGORY, type MinifluxFeedRow, type MinifluxRepo } from "./miniflux.repo.ts";

/** Something the reader does not have (an unknown id, another reader's): Miniflux's 404. */
export class MinifluxNotFound extends Error {}

/** Starring and unstarring, as the collections feature does them. */
export interface MinifluxStars {
  star(user: RequestUser, entryId: string, view: number): Promise<void>;
  unstar(user: RequestUser, entryId: string): Promise<void>;
}

export interface MinifluxServiceDeps {
  repo: MinifluxRepo;
  timeline: Pick<TimelineRepo, "markRead" | "markUnread" | "markAll">;
  stars: MinifluxStars;
  subscriptions: Pick<SubscriptionsService, "subscribe" | "update" | "unsubscribe" | "setCategory">;
  clock: Clock;
  retry: <T>(run: () => Promise<T>) => Promise<T>;
  webUrl: string;
  inboxEmailSuffix: string;
  icon?: (url: string) => Promise<{ type: string; bytes: Buffer } | null>;
}

type Query = { get(name: string): string | undefined; all(name: string): string[] };

/**
 * The Miniflux API over one reader's subscriptions (its feeds), their folders (its categories)
 * and timeline (its entries). Ids are numbers every client holds: a subscription's and an
 * entry's sync number, a category's CRC-32 (lib/category-ids.ts). Reading state moves through
 * the timeline, stars through the collections feature; every id is checked against the reader
 * first.
 */
export function createMinifluxService(deps: MinifluxServiceDeps) {
  const { repo, timeline, clock, retry } = deps;

  /** How to present the reader's things: their category ids above all. */
  async function contextOf(user: RequestUser): Promise<PresentContext> {
    return { user, categoryIds: groupIds(await repo.categoryNames(user.id)), webUrl: deps.webUrl, inboxEmailSuffix: deps.inboxEmailSuffix };
  }

  /** The reader's feeds (all, or some: a page's, a category's), and how to present them. */
  async function load(user: RequestUser, only: { syncIds?: number[]; category?: string } = {}) {
    const [feeds, context] = await Promise.all([repo.feeds(user.id, only), contextOf(user)]);
    return { feeds, context, byId: new Map(feeds.map((feed) => [feed.syncId, feed])) };
  }
  type Loaded = Awaited<ReturnType<typeof load>>;

  const feedOf = (loaded: Loaded, id: number): MinifluxFeedRow => {
    const feed = loaded.byId.get(id);
    if (!feed) throw new MinifluxNotFound();
    return feed;
  };
  const categoryOf = (context: PresentContext, id: number): string => {
    for (const [name, categoryId] of context.categoryIds) if (categoryId === id) return name;
    throw new MinifluxNotFound();
  };
  const categoryOrder = (context: PresentContext) => [...context.categoryIds].sort((a, b) => a[1] - b[1]).map(([name]) => name);

  /** A page of entries, each with its feed (only the page's feeds are read). */
  async function entriesOf(user: RequestUser, context: PresentContext, query: Query, sourceIds: string[] | null) {
    const filter = entryFilter(query, { sourceIds, categoryOrder: categoryOrder(context) });
    const { total, rows } = await repo.entries(user.id, filter);
    const feedIds = [...new Set(rows.map((row) => row.feedSyncId))];
    const feeds = new Map((feedIds.length ? await repo.feeds(user.id, { syncIds: feedIds }) : []).map((feed) => [feed.syncId, presentFeed(feed, context)]));
    return { total, entries: rows.map((row) => presentEntry(row, feeds.get(row.feedSyncId) ?? null, context)) };
  }

  /** Marks a scope read up to now, through the timeline (counts kept). */
  const markAll = (user: RequestUser, scope: MarkAllScope) => retry(() => timeline.markAll(user.id, { ...scope, endTime: clock.now() }, clock.now()));

  return {
    me(user: RequestUser) {
      return {
        id: userNumber(user),
        username: user.email,
        is_admin: user.isAdmin === true,
        theme: "system_serif",
        language: "en_US",
        timezone: "UTC",
        entry_sorting_direction: "desc",
        entry_sorting_order: "published_at",
        entries_per_page: 100,
        keyboard_shortcuts: true,
        show_reading_time: true,
        entry_swipe: true,
        stylesheet: "",
        custom_js: "",
        google_id: "",
        openid_connect_id: "",
        display_mode: "standalone",
        default_reading_speed: 265,
        cjk_reading_speed: 500,
        default_home_page: "unread",
        categories_sorting_order: "unread_count",
        mark_read_on_view: true,
        media_playback_rate: 1,
        block_filter_entry_rules: "",
        keep_filter_entry_rules: "",
        last_login_at: clock.now().toISOString(),
      };
    },

    async categories(user: RequestUser, withCounts: boolean) {
      const loaded = await load(user);
      const counts = withCounts ? await repo.counters(user.id) : null;
      const names = [...loaded.context.categoryIds.keys()].sort((a, b) => a.localeCompare(b));
      return names.map((name) => {
        const category = presentCategory(name, loaded.context);
        if (!counts) return category;
        const members = loaded.feeds.filter((feed) => categoryNameOf(feed) === name);
        return { ...category, feed_count: members.length, total_unread: members.reduce((sum, feed) => sum + (counts.unread.get(feed.targetId) ?? 0), 0) };
      });
    },

    async feeds(user: RequestUser, categoryId?: number) {
      const context = await contextOf(user);
      const name = categoryId === undefined ? undefined : categoryOf(context, categoryId);
      return (await repo.feeds(user.id, name === undefined ? {} : { category: name })).map((feed) => presentFeed(feed, context));
    },

    async feed(user: RequestUser, feedId: number) {
      const loaded = await load(user, { syncIds: [feedId] });
      return presentFeed(feedOf(loaded, feedId), loaded.context);
    },

    async counters(user: RequestUser) {
      const [loaded, counts] = await Promise.all([load(user), repo.counters(user.id)]);
      const reads: Record<string, number> = {};
      const unreads: Record<string, number> = {};
      for (const feed of loaded.feeds) {
        const read = counts.read.get(feed.targetId) ?? 0;
        const unread = counts.unread.get(feed.targetId) ?? 0;
        if (read) reads[feed.syncId] = read;
        if (unread) unreads[feed.syncId] = unread;
      }
      return { reads, unreads };
    },

    /** `GET /v1/entries` (`feed_id`, `category_id` narrow it), a feed's or a category's entries. */
    async entries(user: RequestUser, query: Query, scope: { feedId?: number; categoryId?: number } = {}) {
      const context = await contextOf(user);
      const feedId = scope.feedId ?? integerParam(query, "feed_id");
      const categoryId = scope.categoryId ?? integerParam(query, "category_id");
      if (feedId === null && categoryId === null) return entriesOf(user, context, query, null);
      const only: { syncIds?: number[]; category?: string } = {};
      if (feedId !== null) only.syncIds = [feedId];
      if (categoryId !== null) only.category = categoryOf(context, categoryId);
      const members = await repo.feeds(user.id, only);
      if (feedId !== null && !members.some((feed) => feed.syncId === feedId) && categoryId === null) throw new MinifluxNotFound();
      if (members.length === 0) return { total: 0, entries: [] };
      return entriesOf(user, context, query, members.map((feed) => feed.targetId));
    },

    async entry(user: RequestUser, entryId: number, feedId?: number) {
      const context = await contextOf(user);
      let sourceIds: string[] | null = null;
      if (feedId !== undefined) {
        const [feed] = await repo.feeds(user.id, { syncIds: [feedId] });
        if (!feed) throw new MinifluxNotFound();
        sourceIds = [feed.targetId];
      }
      const row = await repo.entry(user.id, entryId, sourceIds);
      if (!row) throw new MinifluxNotFound();
      const [feed] = await repo.feeds(user.id, { syncIds: [row.feedSyncId] });
      return presentEntry(row, feed ? presentFeed(feed, context) : null, context);
    },

    /** `PUT /v1/entries`: the status of many; refused whole when one is not the reader's. */
    async setStatus(user: RequestUser, syncIds: number[], status: "read" | "unread") {
      const own = await repo.ownEntries(user.id, syncIds);
      if (syncIds.some((id) => !own.has(id))) throw new MinifluxNotFound();
      const entryIds = [...own.values()].map((entry) => entry.entryId);
      if (status === "read") await retry(() => timeline.markRead(user.id, entryIds, clock.now()));
      else await retry(() => timeline.markUnread(user.id, entryIds));
    },

    /** `PUT /v1/entries/{id}/bookmark`: starred ⇄ not starred. */
    async toggleStar(user: RequestUser, syncId: number) {
      const entry = await repo.entry(user.id, syncId);
      const own = entry ? (await repo.ownEntries(user.id, [syncId])).get(syncId) : undefined;
      if (!entry || !own) throw new MinifluxNotFound();
      if (entry.starred) await deps.stars.unstar(user, own.entryId);
      else await deps.stars.star(user, own.entryId, own.view);
    },

    async markFeedRead(user: RequestUser, feedId: number) {
      const feed = feedOf(await load(user, { syncIds: [feedId] }), feedId);
      await markAll(user, { sourceIds: [feed.targetId] });
    },

    async markCategoryRead(user: RequestUser, categoryId: number) {
      const name = categoryOf(await contextOf(user), categoryId);
      const sourceIds = (await repo.feeds(user.id, { category: name })).map((feed) => feed.targetId);
      if (sourceIds.length) await markAll(user, { sourceIds });
    },

    /** `POST /v1/feeds`: follows a feed by its address, in a category (by id) or none; answers its id. */
    async createFeed(user: RequestUser, input: { feedUrl: string; categoryId: number | null }) {
      const loaded = await load(user);
      const name = input.categoryId === null ? null : categoryOf(loaded.context, input.categoryId);
      const followed = await deps.subscriptions.subscribe(user, { url: input.feedUrl, view: 0, category: name === DEFAULT_CATEGORY ? null : name });
      const created = (await repo.feeds(user.id)).find((feed) => feed.targetId === followed.feedId);
      if (!created) throw new MinifluxNotFound();
      return { feed_id: created.syncId };
    },

    /** `PUT /v1/feeds/{id}`: its title and category; answers the feed as it is now. */
    async updateFeed(user: RequestUser, feedId: number, input: { title?: string; categoryId?: number }) {
      const loaded = await load(user);
      const feed = feedOf(loaded, feedId);
      const patch: { title?: string; category?: string | null } = {};
      if (input.title !== undefined) patch.title = input.title;
      if (input.categoryId !== undefined) {
        const name = categoryOf(loaded.context, input.categoryId);
        patch.category = name === DEFAULT_CATEGORY ? null : name;
      }
      if (Object.keys(patch).length) await deps.subscriptions.update(user, feed.targetId, patch);
      const after = await load(user);
      return presentFeed(feedOf(after, feedId), after.context);
    },

    async deleteFeed(user: RequestUser, feedId: number) {
      const feed = feedOf(await load(user), feedId);
      await deps.subscriptions.unsubscribe(user, [feed.targetId]);
    },

    /** `POST /v1/categories`: an empty folder, kept (app_categories) until feeds are put in it. */
    async createCategory(user: RequestUser, title: string) {
      const name = title.trim().slice(0, 100);
      if (!name) throw new MinifluxInputError("The category title is mandatory");
      if ((await load(user)).context.categoryIds.has(name)) throw new MinifluxInputError("This category already exists");
      await repo.addCategory(user.id, name);
      return presentCategory(name, (await load(user)).context);
    },

    /** `PUT /v1/categories/{id}`: renames it (its feeds move with it). */
    async renameCategory(user: RequestUser, categoryId: number, title: string) {
      const name = title.trim().slice(0, 100);
      if (!name) throw new MinifluxInputError("The category title is mandatory");
      const loaded = await load(user);
      const old = categoryOf(loaded.context, categoryId);
      if (old === DEFAULT_CATEGORY) throw new MinifluxInputError("The default category cannot be renamed");
      if (name !== old && loaded.context.categoryIds.has(name)) throw new MinifluxInputError("This category already exists");
      const members = loaded.feeds.filter((feed) => categoryNameOf(feed) === old).map((feed) => feed.targetId);
      if (members.length) await deps.subscriptions.setCategory(user, members, name);
      await repo.changeCategory(user.id, old, name);
      const after = await load(user);
      return presentCategory(name, after.context);
    },

    /** `DELETE /v1/categories/{id}`: its feeds stay, in no category ("All"). */
    async deleteCategory(user: RequestUser, categoryId: number) {
      const loaded = await load(user);
      const name = categoryOf(loaded.context, categoryId);
      if (name === DEFAULT_CATEGORY) throw new MinifluxInputError("The default category cannot be removed");
      const members = loaded.feeds.filter((feed) => categoryNameOf(feed) === name).map((feed) => feed.targetId);
      if (members.length) await deps.subscriptions.setCategory(user, members, null);
      await repo.changeCategory(user.id, name, null);
    },

    /** A feed's icon, as Miniflux answers `icons/{id}` (its id is the feed's). */
    async icon(user: RequestUser, feedId: number) {
      const feed = feedOf(await load(user), feedId);
      const inline = /^data:([\w.+-]+\/[\w.+-]+);base64,(.+)$/.exec(feed.icon ?? "");
      if (inline) return { id: feed.syncId, data: `${inline[1]};base64,${inline[2]}`, mime_type: inline[1]! };
      const file = feed.icon && /^https?:\/\//.test(feed.icon) && deps.icon ? await deps.icon(feed.icon) : null;
      if (!file) throw new MinifluxNotFound();
      return { id: feed.syncId, data: `${file.type};base64,${file.bytes.toString("base64")}`, mime_type: file.type };
    },
  };
}

export type MinifluxService = ReturnType<typeof createMinifluxService>;
