import { ErrorCode, type IdGenerator, type Subscription } from "@tidings/contracts";
import type { Executor } from "../../db/client.ts";
import type { LimitsConfig } from "./limits.config.ts";
import { AppError } from "../../errors.ts";
import type { RequestUser } from "../../http/context.ts";
import type { Clock } from "../../lib/clock.ts";
import type { FeedRow } from "../../db/schema/feeds.ts";
import type { TimelineRepo } from "../../timeline/timeline.repo.ts";
import { presentSubscription } from "./subscription.presenter.ts";
import type { SubscriptionPatch, SubscriptionRow, SubscriptionsRepo } from "./subscriptions.repo.ts";

/** Entries a new subscriber of a feed or list finds in its timeline straight away. */
export const BACKFILL_ENTRIES = 200;

export interface SubscriptionsDeps {
  /** Runs work in one database transaction. */
  transaction: <T>(work: (tx: Executor) => Promise<T>) => Promise<T>;
  /** The reader's rules (Actions) on what a new subscription gave them, in its transaction. */
  afterBackfill?: (tx: Executor, userId: string, now: Date) => Promise<void>;
  repo: SubscriptionsRepo;
  timeline: TimelineRepo;
  ids: IdGenerator;
  clock: Clock;
  limits: LimitsConfig;
  emailSuffix: string;
  /** The feed behind a URL, found or created and fetched (an `rsshub://` route through `forUserId`'s instance); AppError 2001-2004. */
  resolveFeed: (url: string, forUserId: string) => Promise<FeedRow>;
  /** The list with that id, or null. */
  findList: (listId: string) => Promise<{ id: string; ownerUserId: string; fee: number } | null>;
  /** Charges a list's fee to a new subscriber inside the subscription's transaction (4002 when short); absent without POWER. */
  payForList?: (tx: Executor, userId: string, list: { id: string; ownerUserId: string; fee: number }, now: Date) => Promise<void>;
  /** Keeps a feed's subscriber count current. */
  recountFeed: (feedId: string) => Promise<void>;
}

export interface SubscribeInput {
  url?: string;
  listId?: string;
  view: number;
  category?: string | null;
  isPrivate?: boolean;
  title?: string | null;
}

const cleanCategory = (category: string | null | undefined) => (category?.trim() ? category.trim().slice(0, 100) : null);
const cleanTitle = (title: string | null | undefined) => (title?.trim() ? title.trim().slice(0, 300) : null);

/** Following feeds and lists: subscribe, edit, move between views, unsubscribe. */
export function createSubscriptionsService(deps: SubscriptionsDeps) {
  const { repo, timeline, clock, limits } = deps;

  async function assertRoom(user: RequestUser, type: "feed" | "list") {
    const ofType = await repo.countByType(user.id, type);
    if (user.role === "trial") {
      if (type === "feed" && ofType >= limits.trialFeedSubscriptions) throw new AppError(ErrorCode.TrialMaxFeedSubscription);
      if (type === "list" && ofType >= limits.trialListSubscriptions) throw new AppError(ErrorCode.TrialMaxListSubscription);
    }
    if ((await repo.countByType(user.id)) >= limits.subscriptions) throw new AppError(ErrorCode.SubscriptionLimitExceeded);
  }

  /** Creates the subscription and fills the timeline, or edits an existing one. */
  async function follow(
    user: RequestUser,
    target: { type: "feed" | "list"; id: string },
    input: SubscribeInput,
    list?: { id: string; ownerUserId: string; fee: number },
  ): Promise<SubscriptionRow> {
    const existing = await repo.findByTarget(user.id, target.id);
    const patch: SubscriptionPatch = { view: input.view, category: cleanCategory(input.category), title: cleanTitle(input.title), isPrivate: input.isPrivate ?? false };
    if (existing) {
      const [updated] = await deps.transaction(async (tx) => {
        if (existing.view !== input.view) await timeline.setSourceView(tx, user.id, [target.id], input.view);
        return repo.update(tx, user.id, [target.id], patch);
      });
      return updated!;
    }
    await assertRoom(user, target.type);
    const now = clock.now();
    return deps.transaction(async (tx) => {
      if (list && list.fee > 0 && list.ownerUserId !== user.id) await deps.payForList?.(tx, user.id, list, now);
      const row = await repo.insert(tx, {
        id: deps.ids.next(),
        userId: user.id,
        type: target.type,
        ...(target.type === "feed" ? { feedId: target.id } : { listId: target.id }),
        ...patch,
        createdAt: now,
      });
      if (target.type === "feed") await timeline.backfillFeed(tx, user.id, target.id, input.view, now, BACKFILL_ENTRIES);
      else await timeline.backfillList(tx, user.id, target.id, input.view, now, BACKFILL_ENTRIES);
      await deps.afterBackfill?.(tx, user.id, now);
      return row;
    });
  }

  async function present(userId: string, options: { view?: number; publicOnly: boolean; targetId?: string }): Promise<Subscription[]> {
    const rows = await repo.listForUser(userId, options);
    const listFeedIds = await repo.listFeedIds(rows.flatMap((row) => (row.list ? [row.list.id] : [])));
    return rows.map((row) => presentSubscription(row, { listFeedIds, emailSuffix: deps.emailSuffix })).filter((s): s is Subscription => s !== null);
  }

  return {
    /** A user's subscriptions; another user's public ones only (never inboxes, never private ones). */
    async list(caller: RequestUser, options: { view?: number; userId?: string }): Promise<Subscription[]> {
      const userId = options.userId ?? caller.id;
      return present(userId, { ...(options.view !== undefined ? { view: options.view } : {}), publicOnly: userId !== caller.id });
    },

    /** One of the caller's subscriptions, as the API shows it. */
    async get(caller: RequestUser, targetId: string): Promise<Subscription | null> {
      return (await present(caller.id, { publicOnly: false, targetId }))[0] ?? null;
    },

    /** POST /subscriptions: a feed by URL (found or created and fetched) or a list by id. */
    async subscribe(user: RequestUser, input: SubscribeInput) {
      if (input.listId) {
        const list = await deps.findList(input.listId);
        if (!list) throw new AppError(ErrorCode.ListNotFound);
        const row = await follow(user, { type: "list", id: list.id }, input, list);
        return { feedId: null, listId: list.id, subscription: row };
      }
      if (!input.url) throw new AppError(ErrorCode.FeedIdOrUrlRequired);
      const feed = await deps.resolveFeed(input.url, user.id);
      const row = await follow(user, { type: "feed", id: feed.id }, input);
      await deps.recountFeed(feed.id);
      return { feedId: feed.id, listId: null, subscription: row };
    },

    /** PATCH /subscriptions: edit one subscription (feed, list or inbox). */
    async update(user: RequestUser, targetId: string, patch: SubscriptionPatch): Promise<SubscriptionRow> {
      const existing = await repo.findByTarget(user.id, targetId);
      if (!existing) throw new AppError(ErrorCode.InvalidParameter, { reason: "Invalid subscription", status: 404 });
      const clean: SubscriptionPatch = { ...patch };
      if ("category" in patch) clean.category = cleanCategory(patch.category);
      if ("title" in patch) clean.title = cleanTitle(patch.title);
      const [updated] = await deps.transaction(async (tx) => {
        if (clean.view !== undefined && clean.view !== existing.view) await timeline.setSourceView(tx, user.id, [targetId], clean.view);
        return repo.update(tx, user.id, [targetId], clean);
      });
      return updated ?? existing;
    },

    /** PATCH /subscriptions/batch: move or recategorise many feeds at once. */
    async updateMany(user: RequestUser, feedIds: string[], patch: SubscriptionPatch): Promise<number> {
      const owned = (await repo.findByTargets(user.id, feedIds)).map((row) => row.targetId!);
      const clean: SubscriptionPatch = { ...patch };
      if ("category" in patch) clean.category = cleanCategory(patch.category);
      if ("title" in patch) clean.title = cleanTitle(patch.title);
      const updated = await deps.transaction(async (tx) => {
        if (clean.view !== undefined) await timeline.setSourceView(tx, user.id, owned, clean.view);
        return repo.update(tx, user.id, owned, clean);
      });
      return updated.length;
    },

    /** DELETE /subscriptions: unfollow feeds or a list; their timeline rows go, stars stay. */
    async unsubscribe(user: RequestUser, targetIds: string[]): Promise<number> {
      const removed = await deps.transaction(async (tx) => {
        const rows = await repo.remove(tx, user.id, targetIds);
        for (const row of rows) await timeline.removeSource(tx, user.id, row.targetId!);
        return rows;
      });
      for (const row of removed) if (row.feedId) await deps.recountFeed(row.feedId);
      return removed.length;
    },

    async categories(user: RequestUser, view?: number): Promise<string[]> {
      return repo.categories(user.id, view);
    },

    /** PATCH /categories: puts the given feeds in `category` (a rename is this, for a folder's feeds). */
    async setCategory(user: RequestUser, feedIds: string[], category: string | null): Promise<number> {
      return deps.transaction(async (tx) => (await repo.update(tx, user.id, feedIds, { category: cleanCategory(category) })).length);
    },

    /** DELETE /categories: ungroups the feeds, or unfollows them too. */
    async deleteCategory(user: RequestUser, feedIds: string[], deleteSubscriptions: boolean): Promise<number> {
      if (deleteSubscriptions) return this.unsubscribe(user, feedIds);
      return this.setCategory(user, feedIds, null);
    },
  };
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
