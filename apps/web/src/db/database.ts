import type { FeedSummary, InboxSummary, ListSummary, Subscription, TimelineItem } from "@tidings/contracts";
import Dexie, { type Table } from "dexie";

/** An entry as the browser keeps it: the API item, flattened, with the reader's state. */
export interface LocalEntry {
  id: string;
  /** Feed id, or the inbox handle for inbox entries. */
  sourceKey: string;
  entry: TimelineItem["entries"];
  read: boolean | null;
  starredAt: string | null;
  /** When this copy was written; the oldest go first when a source holds too many. */
  cachedAt: number;
}

export interface LocalSubscription {
  /** The feed id, list id or inbox handle. */
  id: string;
  subscription: Subscription;
}

export interface LocalUnread {
  id: string;
  count: number;
}

export interface OutboxItem {
  id?: number;
  kind: "read" | "unread" | "star" | "unstar";
  entryIds: string[];
  view?: number;
  createdAt: number;
}

export interface MetaItem {
  key: string;
  value: unknown;
}

/**
 * The local database: what the reader saw last, so a reload shows it before the network answers
 * and reading works offline. Every schema change is a new version below, never an edit of an
 * old one (Dexie upgrades stored data version by version).
 */
export class TidingsDatabase extends Dexie {
  declare feeds: Table<FeedSummary | InboxSummary, string>;
  declare lists: Table<ListSummary, string>;
  declare subscriptions: Table<LocalSubscription, string>;
  declare entries: Table<LocalEntry, string>;
  declare unread: Table<LocalUnread, string>;
  declare outbox: Table<OutboxItem, number>;
  declare meta: Table<MetaItem, string>;

  constructor(name = "tidings") {
    super(name);
    this.version(1).stores({
      feeds: "&id",
      lists: "&id",
      subscriptions: "&id",
      entries: "&id, sourceKey, [sourceKey+cachedAt]",
      unread: "&id",
      outbox: "++id, createdAt",
      meta: "&key",
    });
  }
}

let instance: TidingsDatabase | null = null;

/** The app's database (opened lazily). */
export function database(): TidingsDatabase {
  instance ??= new TidingsDatabase();
  return instance;
}

/** Replaces the database instance (tests). */
export function setDatabaseForTests(db: TidingsDatabase): void {
  instance = db;
}
