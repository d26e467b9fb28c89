import { ErrorCode, type Entry, type FeedSummary, type InboxSummary, type TimelineItem } from "@tidings/contracts";
import { AppError } from "../../errors.ts";
import type { RequestUser } from "../../http/context.ts";
import type { EntriesRepo, EntryPage, EntryRecord, TimelineQuery } from "./entries.repo.ts";
import { decodeCursor, encodeCursor, positionOf } from "../../db/page-cursor.ts";

export const DEFAULT_PAGE = 20;
export const MAX_PAGE = 100;

/** What a timeline request asks for (POST /entries, facts §2.2). */
export interface TimelineRequest {
  view?: number;
  feedId?: string;
  feedIdList?: string[];
  listId?: string;
  inboxId?: string;
  read?: boolean;
  limit?: number;
  publishedAfter?: Date;
  publishedAfterId?: string;
  /** Opaque cursor of a previous page (`nextCursor`, or an item's `cursor`): takes precedence. */
  cursor?: string;
  isCollection?: boolean;
  isArchived?: boolean;
  excludePrivate?: boolean;
  withContent?: boolean;
  startTime?: Date;
  endTime?: Date;
}

/** A timeline page as the API gives it: items, and the cursor of the next page (null after the last). */
export interface TimelinePage {
  items: TimelineItem[];
  nextCursor: string | null;
}

export interface EntriesServiceDeps {
  repo: EntriesRepo;
  /** Which of these targets (feed, list or inbox ids) the user follows. */
  followed: (userId: string, targetIds: string[]) => Promise<Set<string>>;
  /** Feeds by id, as the API shows them. */
  feedsById: (ids: string[]) => Promise<Map<string, FeedSummary>>;
  /** Inboxes by id, as their owner sees them. */
  inboxesById: (ids: string[]) => Promise<Map<string, InboxSummary>>;
  /** The inbox id of a handle the user owns, or null. */
  ownInboxId: (userId: string, handle: string) => Promise<string | null>;
  /** Whether a list exists. */
  listExists: (listId: string) => Promise<boolean>;
  /** Whether a feed exists. */
  feedExists: (feedId: string) => Promise<boolean>;
  /**
   * Fetches and keeps an entry's full article for a reader (whose standing the private-network
   * policy judges the page's address by); null when there is none.
   */
  fetchReadability: (entry: { id: string; url: string | null }, user: RequestUser) => Promise<string | null>;
  /** What the reader's rules (Actions) make of items they are shown: `settings` and rewrites. */
  decorate?: (userId: string, items: TimelineItem[]) => Promise<TimelineItem[]>;
}

const iso = (value: string | Date) => (value instanceof Date ? value : new Date(value)).toISOString();

/** An entry record in the API's entry shape. */
export function toEntry(record: Omit<EntryRecord, "sort_us">, inboxHandle?: string): Entry {
  const entry: Entry = {
    id: String(record.id),
    title: record.title,
    url: record.url,
    description: record.description,
    guid: record.guid,
    author: record.author,
    authorUrl: record.author_url,
    authorAvatar: record.author_avatar,
    insertedAt: iso(record.inserted_at),
    publishedAt: iso(record.published_at),
    media: record.media as Entry["media"],
    categories: record.categories,
    attachments: record.attachments as Entry["attachments"],
    extra: record.extra as Entry["extra"],
    language: record.language,
    feedId: record.feed_id === null ? null : String(record.feed_id),
  };
  if (inboxHandle) entry.inboxHandle = inboxHandle;
  if (record.content !== undefined) entry.content = record.content;
  if (record.readability_content !== undefined) entry.readabilityContent = record.readability_content;
  return entry;
}

/** Timelines, single entries, their content and their readers. */
export function createEntriesService(deps: EntriesServiceDeps) {
  const { repo } = deps;

  /**
   * Items of records. `listTime`: a list's page, whose entries show when they entered the list
   * as `insertedAt` — the reference client pages lists by it.
   */
  async function toItems(records: EntryRecord[], listTime = false): Promise<TimelineItem[]> {
    const feedIds = [...new Set(records.flatMap((r) => (r.feed_id === null ? [] : [String(r.feed_id)])))];
    const inboxIds = [...new Set(records.flatMap((r) => (r.inbox_id === null ? [] : [String(r.inbox_id)])))];
    const [feeds, inboxes] = await Promise.all([deps.feedsById(feedIds), deps.inboxesById(inboxIds)]);
    const items: TimelineItem[] = [];
    for (const record of records) {
      const inbox = record.inbox_id === null ? undefined : inboxes.get(String(record.inbox_id));
      const source = record.feed_id === null ? inbox : feeds.get(String(record.feed_id));
      if (!source) continue;
      const entry = toEntry(record, inbox?.id);
      if (listTime) entry.insertedAt = iso(record.sort_at);
      const item: TimelineItem = { entries: entry, feeds: source, read: record.read, cursor: encodeCursor(record.sort_us, String(record.id)) };
      if (record.starred_at) item.collections = { createdAt: iso(record.starred_at) };
      items.push(item);
    }
    return items;
  }

  return {
    /**
     * POST /entries: one page of a timeline, newest first. Every list pages by a total order —
     * (time, id) — so following `nextCursor` (or `publishedAfter` as the reference client does)
     * reaches every entry once. A followed feed's or list's own timeline holds all its entries,
     * also those from before the caller followed it; "all" and folders hold what was delivered.
     */
    async timeline(user: RequestUser, request: TimelineRequest): Promise<TimelinePage> {
      const position = positionOf(request);
      const q: TimelineQuery = {
        userId: user.id,
        limit: Math.min(Math.max(request.limit ?? DEFAULT_PAGE, 1), MAX_PAGE),
        withContent: request.withContent === true,
        ...(position ? { position } : {}),
        unreadOnly: request.read === false,
        ...(request.startTime ? { startTime: request.startTime } : {}),
        ...(request.endTime ? { endTime: request.endTime } : {}),
        excludePrivate: request.excludePrivate === true,
      };
      const decorate = (items: TimelineItem[]) => (deps.decorate ? deps.decorate(user.id, items) : items);
      const done = async (page: EntryPage, listTime = false): Promise<TimelinePage> => ({ items: await decorate(await toItems(page.records, listTime)), nextCursor: page.nextCursor });
      if (request.isCollection) return done(await repo.starred(q, request.view));
      if (request.inboxId) {
        const inboxId = await deps.ownInboxId(user.id, request.inboxId);
        if (!inboxId) throw new AppError(ErrorCode.InboxNotFound);
        return done(await repo.sourceTimeline(q, [inboxId]));
      }
      if (request.listId) {
        const followed = (await deps.followed(user.id, [request.listId])).has(request.listId);
        if (followed && q.unreadOnly) return done(await repo.sourceTimeline(q, [request.listId]), true);
        if (!followed && !(await deps.listExists(request.listId))) throw new AppError(ErrorCode.ListNotFound);
        return done(await repo.listEntries(q, request.listId, followed), true);
      }
      if (request.feedId) {
        const followed = (await deps.followed(user.id, [request.feedId])).has(request.feedId);
        if (followed && q.unreadOnly) return done(await repo.sourceTimeline(q, [request.feedId]));
        if (!followed && !(await deps.feedExists(request.feedId))) throw new AppError(ErrorCode.FeedNotFound);
        return done(await repo.feedEntries(q, request.feedId, followed));
      }
      if (request.feedIdList) {
        const followed = [...(await deps.followed(user.id, request.feedIdList))];
        if (followed.length === 0) return { items: [], nextCursor: null };
        return done(await repo.sourceTimeline(q, followed));
      }
      return done(await repo.viewTimeline(q, request.view ?? 0));
    },

    /** GET /entries?id=: one entry with its content. */
    async get(user: RequestUser, entryId: string): Promise<TimelineItem> {
      if (!(await repo.visibleTo(user.id, entryId))) throw new AppError(ErrorCode.EntryNotFound);
      const [record] = await repo.byIds(user.id, [entryId], true, true);
      const items = record ? await toItems([record]) : [];
      const [item] = deps.decorate ? await deps.decorate(user.id, items) : items;
      if (!item) throw new AppError(ErrorCode.EntryNotFound);
      return item;
    },

    /** GET /entries/readability?id=: the full article of an entry's page, fetched once and kept. */
    async readability(user: RequestUser, entryId: string): Promise<{ content: string | null }> {
      if (!(await repo.visibleTo(user.id, entryId))) throw new AppError(ErrorCode.EntryNotFound);
      const [record] = await repo.byIds(user.id, [entryId], false, true);
      if (!record) throw new AppError(ErrorCode.EntryNotFound);
      if (record.readability_content) return { content: record.readability_content };
      try {
        return { content: await deps.fetchReadability({ id: String(record.id), url: record.url }, user) };
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw new AppError(ErrorCode.FeedFetchError, { reason: `The article could not be fetched: ${(error as Error).message}` });
      }
    },

    /** POST /entries/stream: the content of each visible entry, as it is read. */
    async *contents(user: RequestUser, ids: string[]): AsyncGenerator<{ id: string; content: string | null }> {
      const rows = await repo.contents(user.id, ids);
      for (const row of rows) {
        if (row.inbox_id !== null && !(await repo.visibleTo(user.id, String(row.id)))) continue;
        yield { id: String(row.id), content: row.content };
      }
    },

    /** GET /entries/preview?id=: the newest entries of a feed, followed or not. */
    async preview(user: RequestUser, feedId: string): Promise<Entry[]> {
      if (!(await deps.feedExists(feedId))) throw new AppError(ErrorCode.FeedNotFound);
      const page = await repo.feedEntries({ userId: user.id, limit: DEFAULT_PAGE, withContent: false, exact: true }, feedId);
      return page.records.map((record) => toEntry(record));
    },

    /** GET /entries/check-new: whether anything arrived in scope since a time. */
    async checkNew(user: RequestUser, since: Date, scope: { view?: number; feedId?: string; feedIdList?: string[]; listId?: string; unreadOnly?: boolean }) {
      const sourceIds = scope.feedIdList ?? (scope.feedId ? [scope.feedId] : scope.listId ? [scope.listId] : undefined);
      const newest = await repo.newestSince(user.id, since, { ...(sourceIds ? { sourceIds } : { view: scope.view ?? 0 }), unreadOnly: scope.unreadOnly === true });
      return newest ? { has_new: true, entry_id: newest.entryId, lastest_at: newest.insertedAt.toISOString() } : { has_new: false };
    },

    /**
     * GET /entries/read-histories/:id: who read an entry (public subscriptions only), a page at a
     * time: `page` (1-based, the reference client's) or this server's `cursor` (`nextCursor`).
     */
    async readHistories(user: RequestUser, entryId: string, size: number, from: { page?: number; cursor?: string } = {}) {
      if (!(await repo.visibleTo(user.id, entryId))) throw new AppError(ErrorCode.EntryNotFound);
      const position = from.cursor ? decodeCursor(from.cursor) : undefined;
      const after = position?.kind === "key" ? { us: position.us, userId: position.id } : undefined;
      const { users, total, next } = await repo.readers(entryId, size, after ? { after } : { skip: ((from.page ?? 1) - 1) * size });
      return {
        users: Object.fromEntries(users.map((u) => [u.id, u])),
        entryReadHistories: { userIds: users.map((u) => u.id), readCount: total },
        total,
        nextCursor: next ? encodeCursor(next.us, next.userId) : null,
      };
    },
  };
}

export type EntriesService = ReturnType<typeof createEntriesService>;
