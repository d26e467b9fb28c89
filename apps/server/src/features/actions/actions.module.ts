import { Hono } from "hono";
import type { AppEnv, RequestUser } from "../../http/context.ts";
import { assertReachable } from "../../lib/http/index.ts";
import type { Platform } from "../../platform.ts";
import type { FeatureModule } from "../module.ts";
import { createActionsRepo } from "./actions.repo.ts";
import { actionRoutes } from "./actions.routes.ts";
import { type ActionsServiceDeps, createActionsService } from "./actions.service.ts";
import { createWebhookSender } from "./webhook-sender.ts";

export interface ActionsPorts {
  platform: Platform;
  limits: { maxActions: number; maxWebhooksPerAction: number };
  /** The AI helpers' ingestion hooks: a rule's summary or translation of a new entry for its reader. */
  ai: NonNullable<ActionsServiceDeps["ai"]>;
}

/**
 * Readers' automation rules (`/actions…`): run at ingestion (block, silence, star, rewrite, AI,
 * notify, webhooks) and when entries are shown (settings and rewrites). Webhook deliveries are
 * sent by a background job; their addresses pass the private-network policy when rules are saved.
 */
export function createActionsModule(ports: ActionsPorts) {
  const { platform } = ports;
  const repo = createActionsRepo(platform.db);
  const webhookSender = createWebhookSender({ repo, network: platform.network, clock: platform.clock, logger: platform.logger.child({ module: "webhooks" }) });
  const actions = createActionsService({
    repo,
    transaction: (work) => platform.db.transaction(work),
    clock: platform.clock,
    logger: platform.logger.child({ module: "actions" }),
    ids: platform.ids,
    limits: ports.limits,
    ai: ports.ai,
    wakeWebhooks: () => webhookSender.wake(),
    checkAddress: (user: RequestUser, url: string) => assertReachable(platform.network, url, user),
  });
  return {
    actions,
    webhookSender,
    routes: ({ requireUser }) => new Hono<AppEnv>().route("/actions", actionRoutes({ actions, requireUser })),
    jobs: [{ name: "webhooks", start: () => webhookSender.start(), stop: () => webhookSender.stop() }],
  } satisfies FeatureModule & Record<string, unknown>;
}

export type ActionsModule = ReturnType<typeof createActionsModule>;
