import type { TimelineItem } from "@tidings/contracts";
import { Hono } from "hono";
import type { Executor } from "../../db/client.ts";
import type { AppEnv, RequestUser } from "../../http/context.ts";
import { createLimit, HOUR_MS, type RateCounter } from "../../lib/rate-limit.ts";
import type { Platform } from "../../platform.ts";
import type { IngestActions } from "../../ports.ts";
import type { TimelineRepo } from "../../timeline/timeline.repo.ts";
import type { FilesService } from "../files/index.ts";
import type { FeatureModule } from "../module.ts";
import { createInboxEntriesRepo } from "./inbox-entries.repo.ts";
import { inboxEntryRoutes } from "./inbox-entries.routes.ts";
import { createInboxEntriesService, type InboxTimelineRequest } from "./inbox-entries.service.ts";
import { presentInbox } from "./inbox.presenter.ts";
import type { InboxesConfig } from "./inboxes.config.ts";
import { createInboxesRepo } from "./inboxes.repo.ts";
import { inboxRoutes } from "./inboxes.routes.ts";
import { createInboxesService } from "./inboxes.service.ts";
import { createInboxMailService } from "./mail/inbox-mail.service.ts";
import { inboxMailRoutes } from "./mail/inbox-mail.routes.ts";

export interface InboxesPorts {
  platform: Platform;
  config: InboxesConfig;
  limits: { inboxes: number; trialInboxes: number };
  timeline: TimelineRepo;
  files: FilesService;
  /** A page of the caller's inbox timeline, and one entry, as the entries feature answers them. */
  timelinePage: (user: RequestUser, request: InboxTimelineRequest) => Promise<{ items: TimelineItem[]; nextCursor: string | null }>;
  entryItem: (user: RequestUser, entryId: string) => Promise<TimelineItem>;
  /** Writes the search documents of entries, in the transaction that wrote them. */
  indexEntries: (tx: Executor, rows: { id: string; title?: string | null; description?: string | null; content?: string | null }[]) => Promise<void>;
  /** Readers' rules and push notifications, run on a new entry. */
  ingest: IngestActions;
  /** Where the hourly limit of mail per inbox counts, shared by every server process. */
  rateCounter: RateCounter;
}

/**
 * Inboxes (`/inboxes…`, `/entries/inbox`): addresses that turn what is sent to them into entries,
 * by webhook, by `POST /inboxes/email`, or by mail to the SMTP receiver the composition root
 * starts with `startSmtp` (SMTP_LISTEN_PORT). Both mail paths share one hourly count per inbox.
 */
export function createInboxesModule(ports: InboxesPorts) {
  const { platform, config, files } = ports;
  const { db, ids, clock } = platform;
  const transaction = <T>(work: (tx: Executor) => Promise<T>) => db.transaction(work);
  const repo = createInboxesRepo(db);
  const entriesRepo = createInboxEntriesRepo(db);
  const removeFiles = (tx: Executor, userId: string, fileIds: string[]) => files.removePrivate(tx, userId, fileIds);
  const inboxes = createInboxesService({ transaction, repo, entries: entriesRepo, timeline: ports.timeline, ids, clock, limits: ports.limits, emailSuffix: config.emailSuffix, removeFiles });
  const inboxEntries = createInboxEntriesService({
    transaction,
    inboxes: repo,
    repo: entriesRepo,
    timeline: ports.timeline,
    ids,
    clock,
    indexEntries: ports.indexEntries,
    timelinePage: ports.timelinePage,
    entryItem: ports.entryItem,
    actions: ports.ingest,
    removeFiles,
  });
  const mail = createInboxMailService({
    inboxes: repo,
    entries: inboxEntries,
    files,
    limit: createLimit(ports.rateCounter, { bucket: "inbox-mail", limit: config.mailPerHour, windowMs: HOUR_MS, logger: platform.logger.child({ module: "inbox-mail" }) }),
    perHour: config.mailPerHour,
    ids,
    clock,
    logger: platform.logger.child({ module: "inbox-mail" }),
    emailSuffix: config.emailSuffix,
    maxBytes: config.mailMaxBytes,
  });
  return {
    inboxes,
    /** Inbox mail: what `POST /inboxes/email` and the SMTP receiver store. */
    mail,
    /** Inboxes by id, as their owner sees them. */
    inboxesById: async (inboxIds: string[]) => new Map((await repo.findByIds(inboxIds)).map((inbox) => [inbox.id, presentInbox(inbox, config.emailSuffix)])),
    /** The inbox id of a handle the user owns, or null. */
    ownInboxId: async (userId: string, handle: string) => {
      const inbox = await repo.findByHandle(handle);
      return inbox && inbox.ownerUserId === userId ? inbox.id : null;
    },
    /** Starts the SMTP receiver of inbox mail; rejects when the port cannot be had (EADDRINUSE, EACCES below 1024). */
    async startSmtp(listen: { port: number; host: string }) {
      return (await import("./mail/inbox-smtp.ts")).startInboxSmtp({ mail, logger: platform.logger, emailSuffix: config.emailSuffix }, listen);
    },
    routes: ({ requireUser }) =>
      new Hono<AppEnv>()
        .route("/", inboxRoutes({ inboxes, requireUser }))
        .route("/", inboxEntryRoutes({ inboxEntries, requireUser }))
        .route("/", inboxMailRoutes({ mail })),
  } satisfies FeatureModule & Record<string, unknown>;
}

export type InboxesModule = ReturnType<typeof createInboxesModule>;
