import { createHmac } from "node:crypto";
import { type ClaimLoop, createClaimLoop, type RetrySchedule, retryAt } from "../../lib/claim-loop.ts";
import type { Clock } from "../../lib/clock.ts";
import { FetchError, isRefusal, type NetworkPolicy, refusalError, type Voucher } from "../../lib/http/index.ts";
import type { Logger } from "../../lib/logger.ts";
import type { ActionsRepo, DueDelivery } from "./actions.repo.ts";

/**
 * Attempts of a delivery and the waits between them: 10 s, 1 min, 6 min, 36 min, 3.6 h (±10%),
 * then it has failed for good.
 */
export const WEBHOOK_RETRY: RetrySchedule = { attempts: 6, firstMs: 10_000, factor: 6, maxMs: 6 * 60 * 60_000, jitter: 0.1 };
/** Deliveries sent at once by one process. */
const CONCURRENCY = 8;
/** A claimed delivery is another process's again after this long (a crash mid-send). */
const LEASE_MS = 2 * 60_000;
/** Longest wait between two looks at the queue (deliveries queued by other processes). */
const POLL_MS = 5_000;
/** Longest answer a receiver may take. */
const TIMEOUT_MS = 10_000;

/** `sha256=<hex>`: the HMAC-SHA256 of the body under the reader's webhook secret. */
export function webhookSignature(secret: string, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
}

/**
 * Sends queued webhook deliveries: each a POST of its JSON body, signed (`X-Tidings-Signature`),
 * through the client the private-network policy picks for the reader whose rule it is. A 2xx
 * answer delivers it; anything else is retried per WEBHOOK_RETRY, then given up (at once for
 * an address the policy refuses: no retry changes that), and every attempt is kept in the
 * delivery log the reader sees: the status and our own words, never the receiver's answer.
 */
export function createWebhookSender(deps: { repo: ActionsRepo; network: NetworkPolicy; clock: Clock; logger: Logger }): ClaimLoop {
  const { repo, clock, logger } = deps;

  async function send(delivery: DueDelivery): Promise<void> {
    let status: number | null = null;
    let error: string | null = null;
    let refused = false;
    let who: Voucher = null;
    try {
      who = await deps.network.standing(delivery.user_id);
      const http = deps.network.clientFor(who);
      const response = await http.request({
        url: delivery.url,
        method: "POST",
        body: delivery.payload,
        maxBytes: 64 * 1024,
        signal: AbortSignal.timeout(TIMEOUT_MS),
        headers: {
          "content-type": "application/json",
          "x-tidings-signature": webhookSignature(delivery.webhook_secret, delivery.payload),
          "x-tidings-delivery": delivery.id,
          "x-tidings-event": "entry.matched",
        },
      });
      status = response.status;
      if (status < 200 || status >= 300) error = `HTTP ${status}`;
    } catch (caught) {
      refused = isRefusal(caught);
      error = isRefusal(caught)
        ? (refusalError(caught, { policy: deps.network, who }).reason ?? caught.message)
        : caught instanceof FetchError
          ? caught.message
          : caught instanceof Error
            ? caught.message
            : String(caught);
    }
    const now = clock.now();
    // Refused by the private-network policy: no retry changes that.
    const retry = error === null || refused ? null : retryAt(WEBHOOK_RETRY, delivery.attempts + 1, now);
    await repo.recordAttempt(delivery.id, { delivered: error === null, status, error, retryAt: retry }, now);
    if (error) logger.debug({ delivery: delivery.id, url: delivery.url, error }, "webhook delivery failed");
  }

  return createClaimLoop<DueDelivery>({
    name: "webhooks",
    claim: (limit) => repo.claimDue(clock.now(), limit, LEASE_MS),
    run: send,
    release: async (deliveries) => void (await repo.releaseClaims(deliveries, clock.now())),
    nextDueAt: () => repo.nextDueAt(),
    concurrency: CONCURRENCY,
    pollMs: POLL_MS,
    logger,
    clock,
  });
}

export type WebhookSender = ClaimLoop;
