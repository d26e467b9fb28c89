import { Hono } from "hono";
import type { AppEnv } from "../../http/context.ts";
import { assertReachable } from "../../lib/http/index.ts";
import { generateVapidKeys, type VapidKeys } from "../../lib/push/vapid-keys.ts";
import type { Platform } from "../../platform.ts";
import type { FeatureModule } from "../module.ts";
import { createMessagingRepo } from "./messaging.repo.ts";
import { messagingRoutes } from "./messaging.routes.ts";
import { createMessagingService } from "./messaging.service.ts";
import type { PushConfig } from "./push.config.ts";
import { createPushDelivery } from "./push-delivery.ts";
import { createPushNotifier } from "./push-notifier.ts";
import { createWebPushSender } from "./push-sender.ts";

export interface MessagingPorts {
  platform: Platform;
  config: PushConfig;
  /**
   * The instance's VAPID keys as the composition root resolved them; null in a process without
   * them (a refresh worker that does not own the data directory), which then sends nothing;
   * undefined: keys of this process only (tests, where no browser keeps a subscription across runs).
   */
  vapid: VapidKeys | null | undefined;
}

/**
 * Push notifications: what readers manage (`/messaging`: their devices, the key browsers
 * subscribe with, a test message) and the notifier ingestion queues notifications with, whose
 * background job sends them. Messages go through the private-network policy's clients, as feeds
 * and webhooks do.
 */
export function createMessagingModule(ports: MessagingPorts) {
  const { platform, config } = ports;
  const { db, clock, ids, network } = platform;
  const logger = platform.logger.child({ module: "push" });
  const vapid = ports.vapid === undefined ? (config.vapid ?? generateVapidKeys()) : ports.vapid;
  if (!vapid) logger.warn("no VAPID keys (set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or share the server's DATA_DIR): this process sends no push notifications");
  const repo = createMessagingRepo(db);
  const delivery = vapid ? createPushDelivery({ repo, sender: createWebPushSender({ network, vapid, subject: config.subject }), clock, logger }) : null;
  const messaging = createMessagingService({
    repo,
    delivery,
    ids,
    clock,
    vapidPublicKey: vapid?.publicKey ?? null,
    mayUsePrivateNetworks: (user) => network.allows(user),
    checkAddress: (user, url) => assertReachable(network, url, user),
  });
  const notifier = createPushNotifier({ db, repo, delivery, clock, logger });
  return {
    messaging,
    notifier,
    routes: ({ requireUser }) => new Hono<AppEnv>().route("/messaging", messagingRoutes({ messaging, requireUser })),
    jobs: notifier.jobs,
  } satisfies FeatureModule & Record<string, unknown>;
}

export type MessagingModule = ReturnType<typeof createMessagingModule>;
