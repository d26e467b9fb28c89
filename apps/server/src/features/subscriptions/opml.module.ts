import { createOpmlRepo } from "./opml.repo.ts";
import { opmlRoutes } from "./opml.routes.ts";
import { createOpmlService } from "./opml.service.ts";
import type { ModuleContext } from "../module.ts";

/** /subscriptions/export and /subscriptions/import. */
export function opmlModule(context: ModuleContext) {
  const { deps } = context;
  const opml = createOpmlService({
    transaction: (work) => deps.db.transaction(work),
    repo: createOpmlRepo(deps.db),
    timeline: deps.timeline,
    ids: deps.ids,
    clock: deps.clock,
    limits: deps.config.limits,
    wakeScheduler: () => deps.scheduler.wake(),
    afterBackfill: (tx, userId, now) => deps.actions.afterBackfill(tx, userId, now),
  });
  return opmlRoutes({ opml, requireUser: context.requireUser });
}
