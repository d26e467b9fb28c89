import { ECDH } from "node:crypto";
import {
  ErrorCode,
  FEED_VIEWS,
  type MessagingDevice,
  type MessagingRegistration,
  type MessagingTestResult,
  type MessagingVapidKey,
  type WebPushSubscriptionJson,
} from "@tidings/contracts";
import { AppError } from "../../errors.ts";
import type { RequestUser } from "../../http/context.ts";
import type { Clock } from "../../lib/clock.ts";
import type { MessagingRepo, PushSubscriptionRow } from "./messaging.repo.ts";
import type { PushDelivery } from "./push-delivery.ts";
import { testMessage } from "./push-messages.ts";

/** Devices one reader may have; subscribing one more forgets the oldest. */
export const MAX_DEVICES = 20;
const MAX_ENDPOINT_LENGTH = 2048;

const invalid = (reason: string) => new AppError(ErrorCode.InvalidParameter, { reason });

function presentDevice(row: PushSubscriptionRow): MessagingDevice {
  return {
    endpoint: row.endpoint,
    channel: row.channel as MessagingDevice["channel"],
    views: row.views,
    createdAt: row.createdAt.toISOString(),
    lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null,
    failureCount: row.failureCount,
  };
}

/** The subscription of a registration: `subscription`, or `token` holding its JSON text. */
function subscriptionOf(body: MessagingRegistration): WebPushSubscriptionJson {
  if (body.subscription) return body.subscription;
  if (body.token !== undefined) {
    try {
      const parsed = JSON.parse(body.token) as Partial<WebPushSubscriptionJson> | null;
      if (parsed && typeof parsed.endpoint === "string" && typeof parsed.keys?.p256dh === "string" && typeof parsed.keys.auth === "string") return parsed as WebPushSubscriptionJson;
    } catch {
      // not JSON: a bare token, explained below
    }
    throw invalid("token: Web Push needs the browser's whole subscription (endpoint and keys), not a bare token; send `subscription` (PushSubscription.toJSON()) or its JSON text as `token`");
  }
  throw invalid("subscription: required (PushSubscription.toJSON(): endpoint and keys)");
}

/** Decodes a base64url key of a subscription, checking its length. */
function key(value: string, name: string, length: number): Buffer {
  const text = value.replace(/=+$/, "");
  const bytes = /^[A-Za-z0-9_-]+$/.test(text) ? Buffer.from(text, "base64url") : Buffer.alloc(0);
  if (bytes.length !== length) throw invalid(`subscription.keys.${name}: expected ${length} bytes in base64url`);
  return bytes;
}

/**
 * Push notifications as readers manage them (`/messaging`): their devices (Web Push
 * subscriptions), the key browsers subscribe with, and a test message. Endpoints are https URLs
 * that pass the private-network policy; plain http only for readers it lets use private networks
 * (a push service on the LAN). The policy's client checks again at send time.
 */
export function createMessagingService(deps: {
  repo: MessagingRepo;
  delivery: PushDelivery | null;
  ids: { next(): string };
  clock: Clock;
  vapidPublicKey: string | null;
  mayUsePrivateNetworks: (user: RequestUser) => boolean;
  /** Throws the private-network policy's refusal (16000) when the reader may not use the address. */
  checkAddress: (user: RequestUser, url: string) => Promise<void>;
}) {
  const { repo } = deps;

  async function checkEndpoint(user: RequestUser, endpoint: string): Promise<void> {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      throw invalid("subscription.endpoint: not a URL");
    }
    if (endpoint.length > MAX_ENDPOINT_LENGTH) throw invalid(`subscription.endpoint: longer than ${MAX_ENDPOINT_LENGTH} characters`);
    if (url.protocol !== "https:" && url.protocol !== "http:") throw invalid("subscription.endpoint: must be an https URL");
    await deps.checkAddress(user, endpoint);
    if (url.protocol === "http:" && !deps.mayUsePrivateNetworks(user)) throw invalid("subscription.endpoint: must be an https URL");
  }

  function enabled(): { delivery: PushDelivery; publicKey: string } {
    if (!deps.delivery || !deps.vapidPublicKey) throw new AppError(ErrorCode.InternalError, { reason: "Push notifications are not available in this process (no VAPID keys)" });
    return { delivery: deps.delivery, publicKey: deps.vapidPublicKey };
  }

  return {
    /** GET /messaging/vapid: the key browsers pass to `pushManager.subscribe`. */
    vapidKey(): MessagingVapidKey {
      return { publicKey: enabled().publicKey };
    },

    /** POST /messaging: saves (or updates) this browser's subscription for the reader. */
    async register(user: RequestUser, body: MessagingRegistration): Promise<MessagingDevice> {
      enabled();
      const subscription = subscriptionOf(body);
      await checkEndpoint(user, subscription.endpoint);
      const p256dh = key(subscription.keys.p256dh, "p256dh", 65);
      try {
        ECDH.convertKey(p256dh, "prime256v1");
      } catch {
        throw invalid("subscription.keys.p256dh: not a P-256 public key");
      }
      key(subscription.keys.auth, "auth", 16);
      const views = [...new Set(body.views ?? [])].filter((view) => (FEED_VIEWS as readonly number[]).includes(view)).sort((a, b) => a - b);
      const row = await repo.upsert({
        id: deps.ids.next(),
        userId: user.id,
        endpoint: subscription.endpoint,
        p256dh: p256dh.toString("base64url"),
        auth: subscription.keys.auth.replace(/=+$/, ""),
        channel: body.channel ?? "web",
        views,
        createdAt: deps.clock.now(),
      });
      await repo.trim(user.id, MAX_DEVICES);
      return presentDevice(row);
    },

    /** DELETE /messaging: forgets one of the reader's devices. */
    async unregister(user: RequestUser, endpoint: string): Promise<{ removed: boolean }> {
      return { removed: await repo.remove(user.id, endpoint) };
    },

    /** GET /messaging: the reader's devices. */
    async devices(user: RequestUser): Promise<MessagingDevice[]> {
      return (await repo.devicesOf([user.id])).map(presentDevice);
    },

    /** GET /messaging/test: a test message to each of the reader's devices. */
    async test(user: RequestUser): Promise<MessagingTestResult> {
      const { delivery } = enabled();
      const results = await Promise.all((await repo.devicesOf([user.id])).map((device) => delivery.send(device, testMessage())));
      return {
        sent: results.filter((result) => result === "sent").length,
        failed: results.filter((result) => result === "failed").length,
        removed: results.filter((result) => result === "removed").length,
      };
    },
  };
}

export type MessagingService = ReturnType<typeof createMessagingService>;
