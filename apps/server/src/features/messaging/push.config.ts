import { z } from "zod";
import { type EnvOf, type EnvShape, url } from "../../config/parsers.ts";
import { type VapidKeys, vapidKeysProblem } from "../../lib/push/vapid-keys.ts";

export const pushEnv = {
  VAPID_PUBLIC_KEY: z.string().trim().optional(),
  VAPID_PRIVATE_KEY: z.string().trim().optional(),
  VAPID_SUBJECT: url("VAPID_SUBJECT", ["mailto:", "https:"]).optional(),
} satisfies EnvShape;

/**
 * Web Push: the VAPID key pair (null: generated once and kept in `dataDir`) and the contact that
 * push services see with every message (a `mailto:` or `https:` URL).
 */
export interface PushConfig {
  readonly vapid: VapidKeys | null;
  readonly subject: string;
}

/** `mailFrom`: the address outgoing mail comes from, the contact unless VAPID_SUBJECT names one. */
export function pushConfig(e: EnvOf<typeof pushEnv>, mailFrom: string, problems: string[]): PushConfig {
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) problems.push("VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together");
  const vapid = e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY } : null;
  const problem = vapid && vapidKeysProblem(vapid);
  if (problem) problems.push(`VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: ${problem} (npx web-push generate-vapid-keys makes a pair)`);
  return Object.freeze({ vapid: vapid && Object.freeze(vapid), subject: e.VAPID_SUBJECT ?? `mailto:${mailFrom}` });
}
