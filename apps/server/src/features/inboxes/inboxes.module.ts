import { Hono } from "hono";
import type { Deps } from "../../deps.ts";
import type { AppEnv } from "../../http/context.ts";
import { createFiles } from "../files/files.module.ts";
import type { ModuleContext } from "../module.ts";
import { createInboxEntriesRepo, type InboxEntriesRepo } from "./inbox-entries.repo.ts";
import { inboxEntryRoutes } from "./inbox-entries.routes.ts";
import { createInboxEntriesService, type InboxEntriesService } from "./inbox-entries.service.ts";
import { createInboxMail } from "./mail/inbox-mail.module.ts";
import { inboxMailRoutes } from "./mail/inbox-mail.routes.ts";
import { inboxRoutes } from "./inboxes.routes.ts";
import { createInboxesService, type InboxesServiceDeps } from "./inboxes.service.ts";

/** The service of inbox entries (webhook, mail, the inbox's timeline), over the shared deps. */
export function createInboxEntries(deps: Deps, repo: InboxEntriesRepo = createInboxEntriesRepo(deps.db)): InboxEntriesService {
  const files = createFiles(deps);
  return createInboxEntriesService({
    transaction: (work) => deps.db.transaction(work),
    inboxes: deps.inboxesRepo,
    repo,
    timeline: deps.timeline,
    ids: deps.ids,
    clock: deps.clock,
    indexEntries: deps.indexEntries,
    timelinePage: (user, request) => deps.entries.timeline(user, request),
    entryItem: (user, entryId) => deps.entries.get(user, entryId),
    actions: deps.ingest,
    removeFiles: (tx, userId, fileIds) => files.removePrivate(tx, userId, fileIds),
  });
}

/** /inboxes, /inboxes/webhook, /inboxes/email and /entries/inbox. */
export function inboxesModule(context: ModuleContext) {
  const { deps, requireUser } = context;
  const transaction: InboxesServiceDeps["transaction"] = (work) => deps.db.transaction(work);
  const entriesRepo = createInboxEntriesRepo(deps.db);
  const files = createFiles(deps);
  const inboxes = createInboxesService({
    transaction,
    repo: deps.inboxesRepo,
    entries: entriesRepo,
    timeline: deps.timeline,
    ids: deps.ids,
    clock: deps.clock,
    limits: deps.config.limits,
    emailSuffix: deps.config.inbox.emailSuffix,
    removeFiles: (tx, userId, fileIds) => files.removePrivate(tx, userId, fileIds),
  });
  const inboxEntries = createInboxEntries(deps, entriesRepo);
  return new Hono<AppEnv>()
    .route("/", inboxRoutes({ inboxes, requireUser }))
    .route("/", inboxEntryRoutes({ inboxEntries, requireUser }))
    .route("/", inboxMailRoutes({ mail: createInboxMail(deps, inboxEntries) }));
}
