import { Hono } from "hono";
import type { AppEnv } from "../../http/context.ts";
import { ok } from "../../http/respond.ts";

/**
 * GET /status/configs: public, the client reads it before anyone signs in. INVITATIONS_REQUIRED
 * is the effective value (an admin may have changed it since start), read at every request.
 */
export function statusRoutes(deps: { configs: object; invitationsRequired: () => Promise<boolean> }) {
  return new Hono<AppEnv>().get("/status/configs", async (c) => ok(c, { ...deps.configs, INVITATIONS_REQUIRED: await deps.invitationsRequired() }));
}
