import { integrationSaveBodySchema } from "@tidings/contracts";
import { Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../http/context.ts";
import { ok } from "../../http/respond.ts";
import { currentUser } from "../../http/session.ts";
import { validate } from "../../http/validate.ts";
import type { IntegrationsService } from "./integrations.service.ts";

const settingsBody = z.object({ settings: z.record(z.string(), z.unknown()) });

/** `/api/integrations`: saving an entry to a service, and the reader's synced (sealed) settings. */
export function integrationsRoutes(deps: { integrations: IntegrationsService; requireUser: MiddlewareHandler<AppEnv> }) {
  const { integrations } = deps;
  return new Hono<AppEnv>()
    .use(deps.requireUser)
    .post("/:service/save", validate("json", integrationSaveBodySchema), async (c) =>
      ok(c, await integrations.save(currentUser(c), c.req.param("service"), c.req.valid("json"))),
    )
    .get("/settings", async (c) => ok(c, await integrations.settings(currentUser(c))))
    .put("/settings", validate("json", settingsBody), async (c) => ok(c, await integrations.saveSettings(currentUser(c), c.req.valid("json").settings)))
    .delete("/settings", async (c) => {
      await integrations.removeSettings(currentUser(c));
      return ok(c);
    });
}
