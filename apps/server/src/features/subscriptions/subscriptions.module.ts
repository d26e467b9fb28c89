import { Hono } from "hono";
import type { Executor } from "../../db/client.ts";
import type { AppEnv } from "../../http/context.ts";
import type { Platform } from "../../platform.ts";
import type { TimelineRepo } from "../../timeline/timeline.repo.ts";
import type { FeatureModule } from "../module.ts";
import type { LimitsConfig } from "./limits.config.ts";
import { createOpmlRepo } from "./opml.repo.ts";
import { opmlRoutes } from "./opml.routes.ts";
import { createOpmlService } from "./opml.service.ts";
import { createSubscriptionsRepo } from "./subscriptions.repo.ts";
import { categoryRoutes, type SubscriptionRouteDeps, subscriptionRoutes } from "./subscriptions.routes.ts";
import { createSubscriptionsService, type SubscriptionsDeps } from "./subscriptions.service.ts";

export interface SubscriptionsPorts extends Pick<SubscriptionsDeps, "resolveFeed" | "findList" | "payForList" | "recountFeed" | "afterBackfill">, Pick<SubscriptionRouteDeps, "inboxIdOf" | "feedIdOf"> {
  platform: Platform;
  limits: LimitsConfig;
  emailSuffix: string;
  timeline: TimelineRepo;
  /** Tells the refresh scheduler that new feeds are due (an OPML import). */
  wakeScheduler: () => void;
}

/**
 * What readers follow (`/subscriptions…`, `/categories`): feeds, lists and inboxes in their views
 * and folders, OPML import and export, and the limits of spec §6.
 */
export function createSubscriptionsModule(ports: SubscriptionsPorts) {
  const { db, ids, clock } = ports.platform;
  const transaction = <T>(work: (tx: Executor) => Promise<T>) => db.transaction(work);
  const repo = createSubscriptionsRepo(db);
  const { resolveFeed, findList, payForList, recountFeed, afterBackfill } = ports;
  const subscriptions = createSubscriptionsService({
    transaction,
    repo,
    timeline: ports.timeline,
    ids,
    clock,
    limits: ports.limits,
    emailSuffix: ports.emailSuffix,
    resolveFeed,
    findList,
    recountFeed,
    ...(payForList ? { payForList } : {}),
    ...(afterBackfill ? { afterBackfill } : {}),
  });
  const opml = createOpmlService({
    transaction,
    repo: createOpmlRepo(db),
    timeline: ports.timeline,
    ids,
    clock,
    limits: ports.limits,
    wakeScheduler: ports.wakeScheduler,
    ...(afterBackfill ? { afterBackfill } : {}),
  });
  return {
    subscriptions,
    /** OPML import and export (also what reader apps' `subscription/import|export` use). */
    opml,
    /** Which of these targets (feed, list or inbox ids) a reader follows. */
    followed: async (userId: string, targetIds: string[]) => new Set((await repo.findByTargets(userId, targetIds)).map((row) => row.targetId!)),
    /** A reader's subscriptions: target id, view and the key unread counts use. */
    keysForUser: (userId: string) => repo.keysForUser(userId),
    routes: ({ requireUser }) =>
      new Hono<AppEnv>()
        .route("/subscriptions", subscriptionRoutes({ subscriptions, requireUser, inboxIdOf: ports.inboxIdOf, feedIdOf: ports.feedIdOf }))
        .route("/categories", categoryRoutes({ subscriptions, requireUser }))
        .route("/", opmlRoutes({ opml, requireUser })),
  } satisfies FeatureModule & Record<string, unknown>;
}

export type SubscriptionsModule = ReturnType<typeof createSubscriptionsModule>;
