import type { FeedSummary, InboxSummary, ListSummary, Subscription, TimelineItem } from "@tidings/contracts";
import Dexie, { type DexieOptions, type Table } from "dexie";

export const DATABASE_NAME = "tidings";

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

/** Translated fields of an entry in one language (spec §3 translations), kept 7 days. */
export interface LocalTranslation {
  entryId: string;
  language: string;
  title?: string;
  description?: string;
  content?: string;
  readabilityContent?: string;
  contentImmersive?: string;
  readabilityContentImmersive?: string;
  /** Fields asked for so far: one the server left out is in the target language already. */
  requested: string[];
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
  declare translations: Table<LocalTranslation, [string, string]>;

  constructor(name = DATABASE_NAME, options?: DexieOptions) {
    super(name, options);
    this.version(1).stores({
      feeds: "&id",
      lists: "&id",
      subscriptions: "&id",
      entries: "&id, sourceKey, [sourceKey+cachedAt]",
      unread: "&id",
      outbox: "++id, createdAt",
      meta: "&key",
    });
    // Translations of entries (AI helpers), one row per entry and language.
    this.version(2).stores({ translations: "&[entryId+language], createdAt" });
  }
}

let instance: TidingsDatabase | null = null;

/** The app's database (opened lazily; {@link openDatabase} decides at start where it lives). */
export function database(): TidingsDatabase {
  instance ??= new TidingsDatabase();
  return instance;
}

/** Replaces the database instance (tests). */
export function setDatabaseForTests(db: TidingsDatabase): void {
  instance = db;
}

/** Where the local database ended up: the browser's IndexedDB, rebuilt after a failure, or memory. */
export type DatabaseMode = "indexeddb" | "rebuilt" | "memory";

/**
 * Opens the local database at start (spec §4 migrations). When opening or upgrading fails (a
 * newer or corrupted schema), the database is deleted and built again, once. When IndexedDB is
 * missing or keeps failing (private mode, blocked), the app goes on with an in-memory IndexedDB,
 * loaded only then, so every table works the same for this page and nothing is kept.
 */
export async function openDatabase(name = DATABASE_NAME): Promise<DatabaseMode> {
  if (typeof indexedDB !== "undefined" && indexedDB) {
    const opened = await tryOpen(new TidingsDatabase(name));
    if (opened) return install(opened, "indexeddb");
    console.warn("The local database could not be opened; deleting it and building it again.");
    const deleted = await Dexie.delete(name).then(
      () => true,
      () => false,
    );
    const rebuilt = deleted ? await tryOpen(new TidingsDatabase(name)) : null;
    if (rebuilt) return install(rebuilt, "rebuilt");
  }
  console.warn("IndexedDB is unavailable; the local database lives in memory for this page.");
  const memory = await import("fake-indexeddb");
  const db = new TidingsDatabase(name, { indexedDB: new memory.IDBFactory(), IDBKeyRange: memory.IDBKeyRange });
  await db.open();
  return install(db, "memory");
}

async function tryOpen(db: TidingsDatabase): Promise<TidingsDatabase | null> {
  try {
    await db.open();
    // Dexie adds missing stores itself; a store with another key or indexes would fail on use.
    if (!schemaMatches(db)) throw new Error("The stored schema differs from this version's");
    return db;
  } catch (error) {
    console.warn("Local database error:", error);
    db.close();
    return null;
  }
}

/** Whether every store of the opened database has the key and indexes this version declares. */
function schemaMatches(db: TidingsDatabase): boolean {
  const idb = db.backendDB();
  const names = db.tables.map((table) => table.name);
  if (names.some((name) => !idb.objectStoreNames.contains(name))) return false;
  const transaction = idb.transaction(names, "readonly");
  const matches = db.tables.every((table) => {
    const store = transaction.objectStore(table.name);
    const primKey = table.schema.primKey;
    const indexes = [...store.indexNames];
    return (
      JSON.stringify(store.keyPath ?? null) === JSON.stringify(primKey.keyPath ?? null) &&
      store.autoIncrement === Boolean(primKey.auto) &&
      table.schema.indexes.every((index) => indexes.includes(index.name))
    );
  });
  transaction.abort();
  return matches;
}

function install(db: TidingsDatabase, mode: DatabaseMode): DatabaseMode {
  instance?.close();
  instance = db;
  return mode;
}
