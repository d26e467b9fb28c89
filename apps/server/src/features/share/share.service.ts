import { type Entry, type FeedAnalytics, type FeedSummary, isValidId, type ListSummary, type PublicUser, type Subscription, type TimelineItem } from "@tidings/contracts";
import { presentEntry } from "../entries/index.ts";
import { presentAnalytics, presentFeed } from "../feeds/index.ts";
import { presentList } from "../lists/index.ts";
import { presentPublicUser } from "../profiles/index.ts";
import type { ShareRepo } from "./share.repo.ts";

/** Entries shown on a feed's share page (as GET /feeds shows), and on a list's. */
export const SHARED_FEED_ENTRIES = 10;
export const SHARED_LIST_ENTRIES = 20;

/** An entry of a feed, with its content, as anyone may see it. */
export interface SharedEntry {
  entry: Entry;
  feed: FeedSummary;
  subscriptionCount: number;
}

/** A feed's public page: the shape of GET /feeds without the caller's subscription. */
export interface SharedFeed {
  feed: FeedSummary;
  analytics: FeedAnalytics;
  entries: Entry[];
  subscriptionCount: number;
}

/** A list's public page: the shape of GET /lists without the caller's subscription. */
export interface SharedList {
  list: ListSummary;
  entries: TimelineItem[];
  feedCount: number;
  subscriptionCount: number;
}

/** A person's public page: the profile and what they follow publicly. */
export interface SharedUser {
  user: PublicUser;
  subscriptions: Subscription[];
}

/**
 * What a share page shows, and its version: a stamp that changes when what the page's image shows
 * changes (generated images are cached under it).
 */
export interface Shared<T> {
  data: T;
  version: string;
}

export interface ShareServiceDeps {
  repo: ShareRepo;
  /** The feeds and lists a user follows publicly (never inboxes, never private subscriptions). */
  publicSubscriptions: (userId: string) => Promise<Subscription[]>;
}

const stamp = (...dates: (Date | number)[]) => dates.map((date) => (typeof date === "number" ? date : date.getTime()).toString(36)).join(".");

/**
 * The public side of the product: entries of feeds, feeds, lists and people, each as anyone may
 * see it without an account. Entries of inboxes are private and never found here; an unknown or
 * malformed id is simply not found (null).
 */
export function createShareService(deps: ShareServiceDeps) {
  const { repo } = deps;
  return {
    async entry(id: string): Promise<Shared<SharedEntry> | null> {
      if (!isValidId(id)) return null;
      const row = await repo.entry(id);
      if (!row) return null;
      const subscriptionCount = await repo.feedSubscriberCount(row.feed.id);
      return {
        data: { entry: presentEntry(row.entry, { withContent: true }), feed: presentFeed(row.feed), subscriptionCount },
        version: stamp(row.entry.updatedAt, row.feed.updatedAt),
      };
    },

    async feed(id: string): Promise<Shared<SharedFeed> | null> {
      if (!isValidId(id)) return null;
      const feed = await repo.feed(id);
      if (!feed) return null;
      const [entries, subscriptionCount] = await Promise.all([repo.feedEntries(feed.id, SHARED_FEED_ENTRIES), repo.feedSubscriberCount(feed.id)]);
      return {
        data: {
          feed: presentFeed(feed),
          analytics: { ...presentAnalytics(feed), subscriptionCount },
          entries: entries.map((entry) => presentEntry(entry, { withContent: false })),
          subscriptionCount,
        },
        version: stamp(feed.updatedAt),
      };
    },

    async list(id: string): Promise<Shared<SharedList> | null> {
      if (!isValidId(id)) return null;
      const row = await repo.list(id);
      if (!row) return null;
      const [feedRows, entries, subscriptionCount] = await Promise.all([repo.listFeeds(id), repo.listEntries(id, SHARED_LIST_ENTRIES), repo.listSubscriberCount(id)]);
      const feeds = feedRows.map(presentFeed);
      const owner = row.owner ? presentPublicUser(row.owner) : null;
      return {
        data: {
          list: presentList(row.list, { feedIds: feeds.map((feed) => feed.id), feeds, owner, subscriptionCount }),
          entries: entries.map((item) => ({ entries: presentEntry(item.entry, { withContent: false }), feeds: presentFeed(item.feed), read: null })),
          feedCount: feeds.length,
          subscriptionCount,
        },
        version: stamp(row.list.updatedAt, feeds.length, row.owner?.updatedAt ?? 0),
      };
    },

    /** A person by id, or by handle written `@handle`. */
    async user(key: string): Promise<Shared<SharedUser> | null> {
      const handle = key.startsWith("@") ? key.slice(1).trim() : null;
      // A NUL byte names no one (and PostgreSQL refuses it in text).
      if (handle === "" || key.length > 100 || key.includes("\u0000")) return null;
      const row = await repo.user(handle ? { handle } : { id: key });
      if (!row) return null;
      return { data: { user: presentPublicUser(row), subscriptions: await deps.publicSubscriptions(row.id) }, version: stamp(row.updatedAt) };
    },
  };
}

export type ShareService = ReturnType<typeof createShareService>;
