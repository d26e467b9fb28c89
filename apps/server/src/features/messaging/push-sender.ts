import type * as WebPushModule from "web-push";
import { FetchError, type NetworkPolicy } from "../../lib/http/index.ts";
import type { VapidKeys } from "../../lib/push/vapid-keys.ts";

/** Where one message goes: a browser's push endpoint and the keys it is encrypted for. */
export interface PushTarget {
  /** The reader whose device it is: the private-network policy picks the client by them. */
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** How a send went. `gone`: the push service no longer knows the subscription (404, 410). */
export type PushOutcome = { ok: true; status: number } | { ok: false; gone: boolean; status: number | null; error: string };

/** Sends one encrypted Web Push message; never throws (a failure is an outcome). */
export interface PushSender {
  send(target: PushTarget, payload: string): Promise<PushOutcome>;
}

/** How long a push service keeps a message for a device that is offline: news of a day, no older. */
const TTL_SECONDS = 24 * 60 * 60;
/** Longest answer a push service may take. */
const TIMEOUT_MS = 10_000;

type GenerateRequestDetails = typeof WebPushModule.generateRequestDetails;

/**
 * Web Push over the server's HTTP clients: `web-push` encrypts the payload (aes128gcm, RFC 8291)
 * and signs the VAPID header (RFC 8292); the request goes through the client the private-network
 * policy picks for the device's reader, as for feeds and webhooks. `web-push` is loaded with the
 * first message.
 */
export function createWebPushSender(deps: { network: NetworkPolicy; vapid: VapidKeys; subject: string }): PushSender {
  let generate: Promise<GenerateRequestDetails> | null = null;
  const vapidDetails = { subject: deps.subject, publicKey: deps.vapid.publicKey, privateKey: deps.vapid.privateKey };
  return {
    async send(target, payload) {
      let request;
      try {
        generate ??= import("web-push").then((module) => module.default.generateRequestDetails);
        request = (await generate)({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, payload, {
          vapidDetails,
          TTL: TTL_SECONDS,
          contentEncoding: "aes128gcm",
          urgency: "normal",
        });
      } catch (error) {
        return { ok: false, gone: false, status: null, error: `cannot encrypt: ${error instanceof Error ? error.message : String(error)}` };
      }
      try {
        const http = deps.network.clientFor(await deps.network.standing(target.userId));
        const response = await http.request({
          url: request.endpoint,
          method: "POST",
          headers: Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)])),
          body: request.body ?? new Uint8Array(),
          maxBytes: 16 * 1024,
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        if (response.status >= 200 && response.status < 300) return { ok: true, status: response.status };
        const gone = response.status === 404 || response.status === 410;
        // A push service on a private network: its status only, never its words.
        return { ok: false, gone, status: response.status, error: `HTTP ${response.status}${response.privateNetwork ? "" : describeBody(response.body)}` };
      } catch (error) {
        return { ok: false, gone: false, status: null, error: error instanceof FetchError || error instanceof Error ? error.message : String(error) };
      }
    },
  };
}

/** The start of a push service's error answer, for the log. */
function describeBody(body: Buffer): string {
  const text = body.toString("utf8", 0, Math.min(body.length, 200)).replace(/\s+/g, " ").trim();
  return text ? `: ${text}` : "";
}
