import { assertReachable } from "../../lib/http/index.ts";
import { presentFeed } from "../feeds/feed.presenter.ts";
import type { ModuleContext } from "../module.ts";
import { listRoutes } from "./lists.routes.ts";
import { createListsService } from "./lists.service.ts";

/** /lists (lists, their feeds and timelines). */
export function listsModule(context: ModuleContext) {
  const { deps } = context;
  const lists = createListsService({
    transaction: (work) => deps.db.transaction(work),
    repo: deps.listsRepo,
    timeline: deps.timeline,
    ids: deps.ids,
    clock: deps.clock,
    maxLists: deps.config.limits.lists,
    feedsByIds: async (ids) => (await deps.feedsRepo.findByIds(ids)).map(presentFeed),
    recentEntries: async (user, listId, limit) => (await deps.entries.timeline(user, { listId, limit })).items,
    checkAddress: (user, url) => assertReachable(deps.network, url, user),
  });
  return listRoutes({ lists, requireUser: context.requireUser });
}
