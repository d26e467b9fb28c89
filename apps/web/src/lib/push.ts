import type { WebPushSubscriptionJson } from "@tidings/contracts";
import { pushSupported, registerServiceWorker } from "./service-worker.ts";

/** Whether notifications may be shown here: the browser's answer, or no Notification API at all. */
export type NotificationAccess = NotificationPermission | "unsupported";

/**
 * This browser's side of push notifications: the service worker's push subscription and the
 * notification permission. An adapter, so that screens can be tested without a push service.
 */
export interface BrowserPush {
  /** Whether this browser can receive push messages (a service worker with the Push API). */
  supported(): Promise<boolean>;
  permission(): NotificationAccess;
  requestPermission(): Promise<NotificationPermission>;
  /** This browser's subscription, or null. */
  current(): Promise<WebPushSubscriptionJson | null>;
  /** Subscribes with the server's VAPID key (the same subscription when there is one). */
  subscribe(vapidPublicKey: string): Promise<WebPushSubscriptionJson>;
  /** Ends this browser's subscription; answers its endpoint (null when there was none). */
  unsubscribe(): Promise<string | null>;
}

/** The registration when push works here, else null. */
async function pushRegistration(): Promise<ServiceWorkerRegistration | null> {
  const registration = await registerServiceWorker();
  return pushSupported(registration) ? registration : null;
}

function toJson(subscription: PushSubscription): WebPushSubscriptionJson {
  const json = subscription.toJSON();
  return { endpoint: subscription.endpoint, expirationTime: subscription.expirationTime, keys: { p256dh: json.keys?.p256dh ?? "", auth: json.keys?.auth ?? "" } };
}

/** A base64url key as the bytes `applicationServerKey` takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

/** The browser's Push API, through the app's service worker. */
export const browserPush: BrowserPush = {
  supported: async () => (await pushRegistration()) !== null,
  permission: () => (typeof Notification === "undefined" ? "unsupported" : Notification.permission),
  requestPermission: () => Notification.requestPermission(),
  async current() {
    const subscription = await (await pushRegistration())?.pushManager.getSubscription();
    return subscription ? toJson(subscription) : null;
  },
  async subscribe(vapidPublicKey) {
    const registration = await pushRegistration();
    if (!registration) throw new Error("Push notifications are not supported by this browser");
    const options = { userVisibleOnly: true, applicationServerKey: keyBytes(vapidPublicKey) };
    try {
      return toJson(await registration.pushManager.subscribe(options));
    } catch (error) {
      // A subscription made with another key (the server's keys changed) must end first.
      const stale = await registration.pushManager.getSubscription();
      if (!stale) throw error;
      await stale.unsubscribe();
      return toJson(await registration.pushManager.subscribe(options));
    }
  },
  async unsubscribe() {
    const subscription = await (await pushRegistration())?.pushManager.getSubscription();
    if (!subscription) return null;
    await subscription.unsubscribe();
    return subscription.endpoint;
  },
};

/**
 * Texts the service worker shows in the reader's language, where the server wrote English: the
 * summary of several entries (`{{count}}` per plural category) and the test message.
 */
export interface PushStrings {
  language: string;
  newEntries: Partial<Record<Intl.LDMLPluralRule, string>>;
  test: string;
}

/** Hands the service worker the texts of its notifications (it keeps them across restarts). */
export async function sendPushStrings(strings: PushStrings): Promise<void> {
  const registration = await pushRegistration();
  registration?.active?.postMessage({ type: "push-strings", strings });
}
