import { ErrorCode, type FeedSummary, type InboxSummary, type TimelineItem } from "@tidings/contracts";
import { AppError } from "../../errors.ts";
import type { RequestUser } from "../../http/context.ts";
import { toEntry } from "../entries/index.ts";
import { highlightSnippet, highlightTitle } from "./search-highlight.ts";
import { type EntryWords, type ParsedQuery, parseSearchQuery } from "./search-query.ts";
import { entryBodyText } from "../../content/search-text.ts";
import { indexWords } from "../../content/search-words.ts";
import type { SearchEntryRecord, SearchPage, SearchPosition, SearchRepo, SearchScope } from "./search.repo.ts";

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;
/** Matches of the caller's timeline ranked per search: the newest ones when a word is everywhere. */
export const MAX_CANDIDATES = 500;

export interface SearchRequest {
  q: string;
  view?: number;
  feedId?: string;
  read?: boolean;
  starred?: boolean;
  limit?: number;
  offset?: number;
  /** `nextCursor` of the previous page. */
  cursor?: string;
}

export type SearchItem = TimelineItem & { highlight: { title: string | null; snippet: string } };

export interface SearchResult {
  items: SearchItem[];
  /** How many entries match; left out when the search found more than it ranks. */
  total?: number;
  /** The cursor of the next page; null after the last. */
  nextCursor: string | null;
}

const CURSOR_PREFIX = "s1.";

/** The words of a stored entry as its search document has them (see search-text.ts). */
function wordsOf(record: Pick<SearchEntryRecord, "title" | "description" | "content">): EntryWords {
  return {
    title: record.title ? indexWords(record.title) : [],
    body: indexWords(entryBodyText(record.description, record.content)),
  };
}

/**
 * A page of a query the index answers only roughly (a phrase): the index's matches are read in
 * ranking order, a batch at a time, and those whose words hold the query are kept until the page
 * is full and one more match shows that another page follows. The cursor stands after the page's
 * last match, so the next page reads on from there.
 */
async function verifiedPage(
  repo: SearchRepo,
  userId: string,
  scope: SearchScope,
  matches: NonNullable<ParsedQuery["matches"]>,
): Promise<{ page: SearchPage; records: SearchEntryRecord[] }> {
  const batch = Math.max(scope.limit * 2, 50);
  const kept: { record: SearchEntryRecord; position: SearchPosition }[] = [];
  let skip = scope.offset;
  let after = scope.after;
  let more = false;
  // Whether the index's matches were all candidates (not capped, nor a walk of the newest).
  let complete = true;
  for (;;) {
    const found = await repo.search({ ...scope, limit: batch, offset: 0, ...(after ? { after } : {}) });
    if (found.total === null && found.ids.length > 0) complete = false;
    const records = new Map((await repo.entries(userId, found.ids)).map((record) => [record.id, record]));
    for (let i = 0; i < found.ids.length && !more; i++) {
      const record = records.get(found.ids[i]!);
      if (!record || !matches(wordsOf(record))) continue;
      if (skip > 0) skip--;
      else if (kept.length < scope.limit) kept.push({ record, position: found.positions[i]! });
      else more = true;
    }
    if (more || !found.next) break;
    after = found.next;
  }
  const first = scope.offset === 0 && !scope.after;
  return {
    page: {
      ids: kept.map((item) => item.record.id),
      positions: kept.map((item) => item.position),
      next: more ? kept.at(-1)!.position : null,
      // Every match was read: the count is exact (when the candidates were all the matches).
      total: first && !more && complete ? kept.length : null,
    },
    records: kept.map((item) => item.record),
  };
}

/** The opaque cursor of a result's place in the ranking. */
export function encodeSearchCursor(position: SearchPosition): string {
  return CURSOR_PREFIX + Buffer.from(`${position.rank}|${position.us}|${position.id}`, "latin1").toString("base64url");
}

/** The place a search cursor stands for; a 1002 error for anything this server did not make. */
export function decodeSearchCursor(cursor: string): SearchPosition {
  const text = cursor.startsWith(CURSOR_PREFIX) ? Buffer.from(cursor.slice(CURSOR_PREFIX.length), "base64url").toString("latin1") : "";
  const match = /^(-?\d+(?:\.\d+)?(?:e[-+]?\d+)?)\|(-?\d{1,19})\|(\d{1,19})$/i.exec(text);
  if (!match) throw new AppError(ErrorCode.InvalidParameter, { reason: "cursor: not a cursor this server gave out" });
  return { rank: match[1]!, us: match[2]!, id: match[3]! };
}

export interface SearchServiceDeps {
  repo: SearchRepo;
  /** Feeds by id, as the API shows them. */
  feedsById: (ids: string[]) => Promise<Map<string, FeedSummary>>;
  /** Inboxes by id, as their owner sees them. */
  inboxesById: (ids: string[]) => Promise<Map<string, InboxSummary>>;
  /** Indexes the newest entries still waiting for their documents (search-indexer.ts), before a search looks. */
  catchUp?: () => Promise<void>;
}

/** Full-text search of the caller's entries (their timeline and their stars). */
export function createSearchService(deps: SearchServiceDeps) {
  return {
    /** GET /search: one ranked page with highlights, built for that page only. */
    async search(user: RequestUser, request: SearchRequest): Promise<SearchResult> {
      if (!request.q.trim()) throw new AppError(ErrorCode.InvalidParameter, { reason: "q: type something to search for" });
      const parsed = parseSearchQuery(request.q);
      if (!parsed) throw new AppError(ErrorCode.InvalidParameter, { reason: "q: give at least one word to look for (not only exclusions)" });
      const limit = Math.min(Math.max(request.limit ?? DEFAULT_LIMIT, 1), MAX_LIMIT);
      const offset = Math.max(request.offset ?? 0, 0);
      const scope: SearchScope = {
        userId: user.id,
        tsquery: parsed.tsquery,
        rankQuery: parsed.rankQuery,
        ...(request.view !== undefined ? { view: request.view } : {}),
        ...(request.feedId ? { feedId: request.feedId } : {}),
        ...(request.read !== undefined ? { read: request.read } : {}),
        ...(request.starred ? { starred: true } : {}),
        candidates: MAX_CANDIDATES,
        limit,
        offset,
        ...(request.cursor ? { after: decodeSearchCursor(request.cursor) } : {}),
      };
      // The first page finds what was stored a moment ago; later pages page through the same index.
      if (!request.cursor && offset === 0) await deps.catchUp?.();
      let page: SearchPage;
      let found: SearchEntryRecord[];
      if (parsed.matches) ({ page, records: found } = await verifiedPage(deps.repo, user.id, scope, parsed.matches));
      else {
        page = await deps.repo.search(scope);
        found = await deps.repo.entries(user.id, page.ids);
      }
      const records = new Map(found.map((record) => [record.id, record]));
      const feedIds = [...new Set([...records.values()].flatMap((r) => (r.feed_id ? [r.feed_id] : [])))];
      const inboxIds = [...new Set([...records.values()].flatMap((r) => (r.inbox_id ? [r.inbox_id] : [])))];
      const [feeds, inboxes] = await Promise.all([deps.feedsById(feedIds), deps.inboxesById(inboxIds)]);
      const items: SearchItem[] = [];
      for (const id of page.ids) {
        const record = records.get(id);
        if (!record) continue;
        const inbox = record.inbox_id ? inboxes.get(record.inbox_id) : undefined;
        const source = record.feed_id ? feeds.get(record.feed_id) : inbox;
        if (!source) continue;
        const { content, ...withoutContent } = record;
        const item: SearchItem = {
          entries: toEntry({ ...withoutContent, sort_at: record.published_at }, inbox?.id),
          feeds: source,
          read: record.read,
          highlight: {
            title: highlightTitle(record.title, parsed.highlights),
            snippet: highlightSnippet(entryBodyText(record.description, content), parsed.highlights),
          },
        };
        if (record.starred_at) item.collections = { createdAt: new Date(record.starred_at).toISOString() };
        items.push(item);
      }
      const nextCursor = page.next ? encodeSearchCursor(page.next) : null;
      return page.total === null ? { items, nextCursor } : { items, total: page.total, nextCursor };
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
