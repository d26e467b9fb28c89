import type { PushMessage } from "@tidings/contracts";
import type { Clock } from "../../lib/clock.ts";
import type { Logger } from "../../lib/logger.ts";
import type { MessagingRepo, PushSubscriptionRow } from "./messaging.repo.ts";
import type { PushSender } from "./push-sender.ts";

/** How sending one message to one device went. */
export type DeliveryResult = "sent" | "failed" | "removed";

/**
 * Sends messages to devices and keeps their record: a success clears the failure count, a
 * 404/410 from the push service removes the device (the browser unsubscribed or the
 * subscription expired), any other failure is counted and logged. Never throws.
 */
export function createPushDelivery(deps: { repo: MessagingRepo; sender: PushSender; clock: Clock; logger: Logger }) {
  const { repo, logger } = deps;
  return {
    async send(device: PushSubscriptionRow, message: PushMessage): Promise<DeliveryResult> {
      try {
        const outcome = await deps.sender.send(device, JSON.stringify(message));
        if (outcome.ok) {
          await repo.recordSuccess(device.id, deps.clock.now());
          return "sent";
        }
        if (outcome.gone) {
          await repo.removeById(device.id);
          logger.info({ device: device.id, status: outcome.status }, "push subscription gone; removed");
          return "removed";
        }
        await repo.recordFailure(device.id, outcome.error);
        logger.warn({ device: device.id, status: outcome.status, error: outcome.error }, "push message not delivered");
        return "failed";
      } catch (error) {
        logger.error({ err: error, device: device.id }, "push delivery failed");
        return "failed";
      }
    },
  };
}

export type PushDelivery = ReturnType<typeof createPushDelivery>;
