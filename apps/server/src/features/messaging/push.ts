import type { IdGenerator } from "@tidings/contracts";
import type { Database } from "../../db/client.ts";
import type { Config } from "../../env.ts";
import type { Clock } from "../../lib/clock.ts";
import { assertReachable, type NetworkPolicy } from "../../lib/http/index.ts";
import type { Logger } from "../../lib/logger.ts";
import { generateVapidKeys, type VapidKeys } from "../../lib/push/vapid-keys.ts";
import { createMessagingRepo } from "./messaging.repo.ts";
import { createMessagingService, type MessagingService } from "./messaging.service.ts";
import { createPushDelivery } from "./push-delivery.ts";
import { createPushNotifier, type PushNotifier } from "./push-notifier.ts";
import { createWebPushSender } from "./push-sender.ts";

/** Push notifications: what readers manage (`/messaging`) and what ingestion calls. */
export interface Push {
  messaging: MessagingService;
  notifier: PushNotifier;
}

/**
 * Builds push notifications over the private-network policy's clients. `vapid`: the instance's keys as the
 * composition root resolved them; null in a process without them (a refresh worker that does not
 * own the data directory), which then sends nothing; undefined: keys of this process only (tests,
 * where no browser keeps a subscription across runs).
 */
export function createPush(input: {
  config: Config;
  db: Database;
  network: NetworkPolicy;
  ids: IdGenerator;
  clock: Clock;
  logger: Logger;
  vapid: VapidKeys | null | undefined;
}): Push {
  const { config, clock } = input;
  const logger = input.logger.child({ module: "push" });
  const vapid = input.vapid === undefined ? (config.push.vapid ?? generateVapidKeys()) : input.vapid;
  if (!vapid) logger.warn("no VAPID keys (set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or share the server's DATA_DIR): this process sends no push notifications");
  const repo = createMessagingRepo(input.db);
  const delivery = vapid ? createPushDelivery({ repo, sender: createWebPushSender({ network: input.network, vapid, subject: config.push.subject }), clock, logger }) : null;
  return {
    messaging: createMessagingService({
      repo,
      delivery,
      ids: input.ids,
      clock,
      vapidPublicKey: vapid?.publicKey ?? null,
      mayUsePrivateNetworks: (user) => input.network.allows(user),
      checkAddress: (user, url) => assertReachable(input.network, url, user),
    }),
    notifier: createPushNotifier({ repo, delivery, logger }),
  };
}
