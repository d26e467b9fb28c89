import type { FeedSummary, InboxSummary } from "@tidings/contracts";
import type { Platform } from "../../platform.ts";
import type { FeatureModule } from "../module.ts";
import { searchIndexRepo } from "./search-index.repo.ts";
import { createSearchIndexer } from "./search-indexer.ts";
import { searchRoutes } from "./search.routes.ts";
import { createSearchRepo } from "./search.repo.ts";
import { createSearchService } from "./search.service.ts";

export interface SearchPorts {
  platform: Pick<Platform, "db" | "logger">;
  /** Feeds and inboxes by id, as the API shows them, for the results' sources. */
  feedsById: (ids: string[]) => Promise<Map<string, FeedSummary>>;
  inboxesById: (ids: string[]) => Promise<Map<string, InboxSummary>>;
}

/**
 * The newest entries waiting for their documents that a search indexes before it looks (the rest
 * are the background indexer's): what a refresh just stored is found, and a search after a large
 * first refresh waits for a hundred documents at most.
 */
const SEARCH_CATCH_UP = 100;

/**
 * Full-text search of a reader's entries (`/search`), the documents ingestion writes for it
 * (`indexEntries`), and the background indexer: the documents of what refreshes stored, and the
 * rewrite of documents of an older version.
 */
export function createSearchModule(ports: SearchPorts) {
  const indexer = createSearchIndexer({ db: ports.platform.db, logger: ports.platform.logger.child({ module: "search" }) });
  const search = createSearchService({
    repo: createSearchRepo(ports.platform.db),
    feedsById: ports.feedsById,
    inboxesById: ports.inboxesById,
    catchUp: () => indexer.catchUp(SEARCH_CATCH_UP),
  });
  return {
    search,
    indexer,
    /** Writes the search documents of entries, in the caller's transaction. */
    indexEntries: (...args: Parameters<typeof searchIndexRepo.indexEntries>) => searchIndexRepo.indexEntries(...args),
    routes: ({ requireUser }) => searchRoutes({ search, requireUser }),
    jobs: [{ name: "search-index", start: () => indexer.start(), stop: () => indexer.stop() }],
  } satisfies FeatureModule & Record<string, unknown>;
}

export type SearchModule = ReturnType<typeof createSearchModule>;
