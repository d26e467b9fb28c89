import { ErrorCode, type FeedSummary, type FeedView, type IdGenerator, type ListSummary, type TimelineItem } from "@tidings/contracts";
import type { Executor } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import type { RequestUser } from "../../http/context.ts";
import type { Clock } from "../../lib/clock.ts";
import type { TimelineRepo } from "../../timeline/timeline.repo.ts";
import { presentPublicUser } from "../profiles/index.ts";
import { presentList, type ListRow } from "./list.presenter.ts";
import type { ListPatch, ListsRepo } from "./lists.repo.ts";

/** Entries of each feed that join a list when the feed is added to it. */
export const LIST_FEED_ENTRIES = 20;
/** Entries shown with a list (GET /lists). */
export const LIST_PREVIEW_ENTRIES = 20;

export interface ListsServiceDeps {
  /** Runs work in one database transaction. */
  transaction: <T>(work: (tx: Executor) => Promise<T>) => Promise<T>;
  repo: ListsRepo;
  timeline: Pick<TimelineRepo, "addListFeedEntries" | "removeListFeedEntries">;
  ids: IdGenerator;
  clock: Clock;
  /** Lists one account may own. */
  maxLists: number;
  /** The feeds with these ids that exist, as the API shows them. */
  feedsByIds: (ids: string[]) => Promise<FeedSummary[]>;
  /** The newest entries of a list as the caller sees them (by when they entered it). */
  recentEntries: (user: RequestUser, listId: string, limit: number) => Promise<TimelineItem[]>;
  /** Throws the private-network policy's refusal (16000) when the reader may not use a feed's address. */
  checkAddress?: (user: RequestUser, url: string) => Promise<void>;
}

export interface ListInput {
  title: string;
  description?: string | null;
  image?: string | null;
  view: number;
  fee: number;
}

/** GET /lists: a list with its feeds, owner, newest entries and numbers (facts §2.7). */
export interface ListDetails {
  list: ListSummary;
  entries: TimelineItem[];
  readCount: number;
  subscriptionCount: number;
  feedCount: number;
  subscription?: { listId: string; userId: string; view: FeedView; title: string | null; isPrivate: boolean; createdAt: string; lastViewedAt: string | null };
}

/** Lists: curated collections of feeds that anyone may read and follow, edited by their owner. */
export function createListsService(deps: ListsServiceDeps) {
  const { repo, timeline, clock } = deps;

  /** The list, if the user owns it: 8000 when there is none, 8001 when it is someone else's. */
  async function ownedList(user: RequestUser, listId: string): Promise<ListRow> {
    const list = await repo.findById(listId);
    if (!list) throw new AppError(ErrorCode.ListNotFound);
    if (list.ownerUserId !== user.id) throw new AppError(ErrorCode.ListPermissionDenied);
    return list;
  }

  async function feedsInOrder(ids: string[]): Promise<FeedSummary[]> {
    const byId = new Map((await deps.feedsByIds(ids)).map((feed) => [feed.id, feed]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  return {
    async details(user: RequestUser, listId: string): Promise<ListDetails> {
      const list = await repo.findById(listId);
      if (!list) throw new AppError(ErrorCode.ListNotFound);
      const feedIds = (await repo.feedIds([list.id])).get(list.id) ?? [];
      const [feeds, owner, subscribers, readCount, subscription, entries] = await Promise.all([
        feedsInOrder(feedIds),
        repo.owner(list.ownerUserId),
        repo.subscriberCounts([list.id]),
        repo.readCount(list.id),
        repo.subscriptionOf(user.id, list.id),
        deps.recentEntries(user, list.id, LIST_PREVIEW_ENTRIES),
      ]);
      const subscriptionCount = subscribers.get(list.id) ?? 0;
      const details: ListDetails = {
        list: presentList(list, { feedIds, feeds, owner: owner ? presentPublicUser(owner) : null, subscriptionCount }),
        entries,
        readCount,
        subscriptionCount,
        feedCount: feedIds.length,
      };
      if (subscription) {
        details.subscription = {
          listId: list.id,
          userId: subscription.userId,
          view: subscription.view as FeedView,
          title: subscription.title,
          isPrivate: subscription.isPrivate,
          createdAt: subscription.createdAt.toISOString(),
          lastViewedAt: subscription.lastViewedAt?.toISOString() ?? null,
        };
      }
      return details;
    },

    /** GET /lists/list: the caller's own lists. Nothing is sold yet, so purchaseAmount is "0". */
    async owned(user: RequestUser): Promise<ListSummary[]> {
      const lists = await repo.findOwned(user.id);
      const ids = lists.map((list) => list.id);
      const [feedIds, subscribers] = await Promise.all([repo.feedIds(ids), repo.subscriberCounts(ids)]);
      return lists.map((list) =>
        presentList(list, { feedIds: feedIds.get(list.id) ?? [], subscriptionCount: subscribers.get(list.id) ?? 0, purchaseAmount: "0" }),
      );
    },

    async create(user: RequestUser, input: ListInput): Promise<ListSummary> {
      if ((await repo.countOwned(user.id)) >= deps.maxLists) throw new AppError(ErrorCode.ListLimitExceeded);
      const now = clock.now();
      const list = await repo.insert({
        id: deps.ids.next(),
        ownerUserId: user.id,
        title: input.title,
        description: input.description ?? null,
        image: input.image ?? null,
        view: input.view,
        fee: input.fee,
        createdAt: now,
        updatedAt: now,
      });
      return presentList(list, { feedIds: [] });
    },

    /** PATCH /lists: the given fields change (undefined ones stay as they are). */
    async update(user: RequestUser, listId: string, patch: Partial<ListInput>): Promise<ListSummary> {
      await ownedList(user, listId);
      const changes: ListPatch = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
      const updated = await repo.update(listId, { ...changes, updatedAt: clock.now() });
      if (!updated) throw new AppError(ErrorCode.ListNotFound);
      return presentList(updated, { feedIds: (await repo.feedIds([listId])).get(listId) ?? [] });
    },

    /** Deletes a list nobody follows: a follower's timeline would lose a source under them. */
    async remove(user: RequestUser, listId: string): Promise<void> {
      await deps.transaction(async (tx) => {
        // The lock keeps a new subscription from slipping in between the check and the delete.
        const list = await repo.lock(tx, listId);
        if (!list) throw new AppError(ErrorCode.ListNotFound);
        if (list.ownerUserId !== user.id) throw new AppError(ErrorCode.ListPermissionDenied);
        if (((await repo.subscriberCounts([listId], tx)).get(listId) ?? 0) > 0) throw new AppError(ErrorCode.ListHasSubscriptions);
        await repo.remove(tx, listId);
      });
    },

    /** Adds feeds (all or none) and brings their recent entries into the list and its followers' timelines. */
    async addFeeds(user: RequestUser, listId: string, feedIds: string[]): Promise<FeedSummary[]> {
      const list = await ownedList(user, listId);
      const wanted = [...new Set(feedIds)];
      const feeds = await feedsInOrder(wanted);
      if (feeds.length !== wanted.length) {
        const known = new Set(feeds.map((feed) => feed.id));
        throw new AppError(ErrorCode.FeedNotFound, { reason: `Unknown feed: ${wanted.filter((id) => !known.has(id)).join(", ")}` });
      }
      // A feed on a private network (an administrator's) joins only the lists of readers allowed there.
      for (const feed of feeds) await deps.checkAddress?.(user, feed.url);
      const now = clock.now();
      await deps.transaction(async (tx) => {
        const added = new Set(await repo.addFeeds(tx, list.id, wanted, now));
        if (added.size !== wanted.length) {
          throw new AppError(ErrorCode.FeedAlreadyInList, { reason: `Already in the list: ${wanted.filter((id) => !added.has(id)).join(", ")}` });
        }
        await timeline.addListFeedEntries(tx, list.id, wanted, now, LIST_FEED_ENTRIES);
      });
      return feeds;
    },

    /** Removes a feed and its entries from the list and from its followers' timelines. */
    async removeFeed(user: RequestUser, listId: string, feedId: string): Promise<void> {
      const list = await ownedList(user, listId);
      await deps.transaction(async (tx) => {
        if (await repo.removeFeed(tx, list.id, feedId)) await timeline.removeListFeedEntries(tx, list.id, feedId);
      });
    },
  };
}

export type ListsService = ReturnType<typeof createListsService>;
