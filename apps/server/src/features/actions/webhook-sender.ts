import { createHmac } from "node:crypto";
import type { Clock } from "../../lib/clock.ts";
import { FetchError, isRefusal, type NetworkPolicy, refusalError, type Voucher } from "../../lib/http/index.ts";
import type { Logger } from "../../lib/logger.ts";
import type { ActionsRepo, DueDelivery } from "./actions.repo.ts";

/** Waits before the 2nd, 3rd… attempt of a delivery; after the last one it fails for good. */
export const RETRY_DELAYS_MS = [10_000, 60_000, 10 * 60_000, 60 * 60_000, 6 * 60 * 60_000];
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
 * answer delivers it; anything else is retried after RETRY_DELAYS_MS, then given up (at once for
 * an address the policy refuses: no retry changes that), and every attempt is kept in the
 * delivery log the reader sees: the status and our own words, never the receiver's answer.
 */
export function createWebhookSender(deps: { repo: ActionsRepo; network: NetworkPolicy; clock: Clock; logger: Logger }) {
  const { repo, clock, logger } = deps;
  let running = false;
  let loop: Promise<void> | null = null;
  let wake: (() => void) | null = null;
  let woken = false;

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
    const delay = refused ? undefined : RETRY_DELAYS_MS[delivery.attempts];
    await repo.recordAttempt(delivery.id, { delivered: error === null, status, error, retryAt: error !== null && delay !== undefined ? new Date(now.getTime() + delay) : null }, now);
    if (error) logger.debug({ delivery: delivery.id, url: delivery.url, error }, "webhook delivery failed");
  }

  /** Sends every due delivery; returns how many were attempted. */
  async function drain(): Promise<number> {
    let sent = 0;
    for (;;) {
      const due = await repo.claimDue(clock.now(), CONCURRENCY, LEASE_MS);
      if (due.length === 0) return sent;
      await Promise.all(due.map(send));
      sent += due.length;
    }
  }

  async function run() {
    while (running) {
      try {
        woken = false;
        await drain();
        const next = await repo.nextDueAt();
        const wait = next ? Math.max(50, next.getTime() - clock.now().getTime()) : POLL_MS;
        if (!woken && running) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, Math.min(wait, POLL_MS));
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
        }
        wake = null;
      } catch (error) {
        logger.error({ err: error }, "webhook sender failed; retrying");
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    }
  }

  return {
    drain,
    start(): void {
      if (running) return;
      running = true;
      loop = run();
    },
    /** A delivery was queued: send it now rather than at the next look. */
    wake(): void {
      woken = true;
      wake?.();
    },
    async stop(): Promise<void> {
      running = false;
      wake?.();
      await loop;
    },
  };
}

export type WebhookSender = ReturnType<typeof createWebhookSender>;
