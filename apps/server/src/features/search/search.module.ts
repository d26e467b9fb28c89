import type { FeedSummary, InboxSummary } from "@tidings/contracts";
import type { Platform } from "../../platform.ts";
import type { FeatureModule } from "../module.ts";
import { searchIndexRepo } from "./search-index.repo.ts";
import { createSearchReindexer } from "./search-reindex.ts";
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
 * Full-text search of a reader's entries (`/search`), the documents ingestion writes for it
 * (`indexEntries`), and the background rewrite of documents of an older version.
 */
export function createSearchModule(ports: SearchPorts) {
  const search = createSearchService({ repo: createSearchRepo(ports.platform.db), feedsById: ports.feedsById, inboxesById: ports.inboxesById });
  const reindexer = createSearchReindexer({ db: ports.platform.db, logger: ports.platform.logger.child({ module: "search" }) });
  return {
    search,
    reindexer,
    /** Writes the search documents of entries, in the caller's transaction. */
    indexEntries: (...args: Parameters<typeof searchIndexRepo.indexEntries>) => searchIndexRepo.indexEntries(...args),
    routes: ({ requireUser }) => searchRoutes({ search, requireUser }),
    jobs: [{ name: "search-reindex", start: () => reindexer.start(), stop: () => reindexer.stop() }],
  } satisfies FeatureModule & Record<string, unknown>;
}

export type SearchModule = ReturnType<typeof createSearchModule>;
