import { PUSH_CHANNELS } from "@tidings/contracts";
import { Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../http/context.ts";
import { ok } from "../../http/respond.ts";
import { currentUser } from "../../http/session.ts";
import { validate } from "../../http/validate.ts";
import type { MessagingService } from "./messaging.service.ts";

// The shape only; the service checks the endpoint and the keys and explains a bare token.
const registrationBody = z.object({
  subscription: z
    .object({
      endpoint: z.string().min(1).max(4096),
      expirationTime: z.number().nullable().optional(),
      keys: z.object({ p256dh: z.string().max(200), auth: z.string().max(100) }),
    })
    .optional(),
  token: z.string().max(8192).optional(),
  channel: z.enum(PUSH_CHANNELS).optional(),
  views: z.array(z.number().int().min(0).max(5)).max(6).optional(),
});

/**
 * `/api/messaging` (reference §2.12): the reader's devices for push notifications (`GET`,
 * `POST {subscription | token, channel, views?}`, `DELETE {endpoint}`), the VAPID key browsers
 * subscribe with, and a test message to every device.
 */
export function messagingRoutes(deps: { messaging: MessagingService; requireUser: MiddlewareHandler<AppEnv> }) {
  const { messaging } = deps;
  return new Hono<AppEnv>()
    .use(deps.requireUser)
    .get("/", async (c) => ok(c, await messaging.devices(currentUser(c))))
    .post("/", validate("json", registrationBody), async (c) => ok(c, await messaging.register(currentUser(c), c.req.valid("json"))))
    .delete("/", validate("json", z.object({ endpoint: z.string().min(1).max(4096) })), async (c) => ok(c, await messaging.unregister(currentUser(c), c.req.valid("json").endpoint)))
    .get("/vapid", (c) => ok(c, messaging.vapidKey()))
    .get("/test", async (c) => ok(c, await messaging.test(currentUser(c))));
}
