import type { AppEnv } from "../../http/context.ts";
import type { Hono } from "hono";
import { presentFeed } from "../feeds/feed.presenter.ts";
import { presentInbox } from "../inboxes/inbox.presenter.ts";
import type { ModuleContext } from "../module.ts";
import { searchRoutes } from "./search.routes.ts";
import { createSearchRepo } from "./search.repo.ts";
import { createSearchService } from "./search.service.ts";

/** /search: full-text search of the caller's entries. */
export function searchModule(context: ModuleContext): Hono<AppEnv> {
  const { deps } = context;
  const search = createSearchService({
    repo: createSearchRepo(deps.db),
    feedsById: async (ids) => new Map((await deps.feedsRepo.findByIds(ids)).map((feed) => [feed.id, presentFeed(feed)])),
    inboxesById: async (ids) =>
      new Map((await deps.inboxesRepo.findByIds(ids)).map((inbox) => [inbox.id, presentInbox(inbox, deps.config.inbox.emailSuffix)])),
  });
  return searchRoutes({ search, requireUser: context.requireUser });
}
