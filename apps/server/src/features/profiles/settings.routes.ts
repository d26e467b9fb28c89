import { Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../http/context.ts";
import { ok } from "../../http/respond.ts";
import { currentUser } from "../../http/session.ts";
import { validate } from "../../http/validate.ts";
import type { SettingsService } from "./settings.service.ts";

/** GET /settings and PATCH /settings/:tab (the caller's own settings only). */
export function settingsRoutes(deps: { settings: SettingsService; requireUser: MiddlewareHandler<AppEnv> }) {
  const { settings, requireUser } = deps;
  return new Hono<AppEnv>()
    .get("/settings", requireUser, validate("query", z.object({ tab: z.string().optional() })), async (c) => {
      const snapshot = await settings.get(currentUser(c), c.req.valid("query").tab);
      // The reference client reads `settings` and `updated` beside `code`, not inside `data`.
      return c.json({ code: 0 as const, ...snapshot });
    })
    .patch("/settings/:tab", requireUser, async (c) => {
      // The body is read as text: anything but a JSON object is the catalogue's 7002, not 1002.
      return ok(c, await settings.update(currentUser(c), c.req.param("tab"), await c.req.text()));
    });
}
