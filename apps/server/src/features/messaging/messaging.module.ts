import { Hono } from "hono";
import type { AppEnv } from "../../http/context.ts";
import type { ModuleContext } from "../module.ts";
import { messagingRoutes } from "./messaging.routes.ts";

/** /messaging: push notifications, the reader's devices and a test message. */
export function messagingModule(context: ModuleContext) {
  return new Hono<AppEnv>().route("/messaging", messagingRoutes({ messaging: context.deps.push.messaging, requireUser: context.requireUser }));
}
