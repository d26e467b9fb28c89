import { Hono } from "hono";
import type { AppEnv } from "../../http/context.ts";
import type { ModuleContext } from "../module.ts";
import { createInboxEntriesRepo } from "./inbox-entries.repo.ts";
import { inboxEntryRoutes } from "./inbox-entries.routes.ts";
import { createInboxEntriesService } from "./inbox-entries.service.ts";
import { inboxRoutes } from "./inboxes.routes.ts";
import { createInboxesService, type InboxesServiceDeps } from "./inboxes.service.ts";

/** /inboxes, /inboxes/webhook and /entries/inbox. */
export function inboxesModule(context: ModuleContext) {
  const { deps, requireUser } = context;
  const transaction: InboxesServiceDeps["transaction"] = (work) => deps.db.transaction(work);
  const entriesRepo = createInboxEntriesRepo(deps.db);
  const inboxes = createInboxesService({
    transaction,
    repo: deps.inboxesRepo,
    entries: entriesRepo,
    timeline: deps.timeline,
    ids: deps.ids,
    clock: deps.clock,
    limits: deps.config.limits,
    emailSuffix: deps.config.inbox.emailSuffix,
  });
  const inboxEntries = createInboxEntriesService({
    transaction,
    inboxes: deps.inboxesRepo,
    repo: entriesRepo,
    timeline: deps.timeline,
    ids: deps.ids,
    clock: deps.clock,
    indexEntries: deps.indexEntries,
    timelinePage: (user, request) => deps.entries.timeline(user, request),
    entryItem: (user, entryId) => deps.entries.get(user, entryId),
    actions: deps.actions,
  });
  return new Hono<AppEnv>()
    .route("/", inboxRoutes({ inboxes, requireUser }))
    .route("/", inboxEntryRoutes({ inboxEntries, requireUser }));
}
