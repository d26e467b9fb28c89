// Push notifications (`/messaging`, reference §2.12): a reader's devices, as standard Web Push
// subscriptions, and the messages the service worker receives.

/** Where a subscription was made; the reference client's `channel`, plus `web`. */
export const PUSH_CHANNELS = ["web", "desktop", "mobile"] as const;

export type PushChannel = (typeof PUSH_CHANNELS)[number];

/** A browser's push subscription as `PushSubscription.toJSON()` gives it. */
export interface WebPushSubscriptionJson {
  endpoint: string;
  expirationTime?: number | null;
  keys: { p256dh: string; auth: string };
}

/**
 * The body of `POST /messaging`: the subscription (or, as the reference client sends it, `token`
 * holding its JSON text), the channel, and the views whose new entries it announces (none when
 * absent: then only Actions' "notify" results reach it).
 */
export interface MessagingRegistration {
  subscription?: WebPushSubscriptionJson;
  token?: string;
  channel?: PushChannel;
  views?: number[];
}

/** One device of the reader (`GET /messaging`); its keys stay on the server. */
export interface MessagingDevice {
  endpoint: string;
  channel: PushChannel;
  views: number[];
  createdAt: string;
  lastSuccessAt: string | null;
  /** Failed sends since the last success. */
  failureCount: number;
}

/** `GET /messaging/vapid`: the key browsers subscribe with (`applicationServerKey`). */
export interface MessagingVapidKey {
  publicKey: string;
}

/** `GET /messaging/test`: how the test notification went, over the reader's devices. */
export interface MessagingTestResult {
  sent: number;
  failed: number;
  /** Devices the push service no longer knows (404/410), removed. */
  removed: number;
}

/**
 * A push message's JSON, decrypted by the browser: one new entry (reference §2.12's shape, plus
 * the page to open), a summary of several, or a test. `title` and `description` are what the
 * notification shows; the service worker may word `new-entries` and `test` in the reader's
 * language instead.
 */
export type PushMessage =
  | { type: "new-entry"; feedId: string; entryId: string; view: number; title: string; description: string; url: string }
  | { type: "new-entries"; count: number; view: number; title: string; description: string; url: string }
  | { type: "test"; title: string; description: string; url: string };
