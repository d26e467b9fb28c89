import { Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../http/context.ts";
import { ok } from "../../http/respond.ts";
import { currentUser } from "../../http/session.ts";
import { validate } from "../../http/validate.ts";
import type { ActionsService } from "./actions.service.ts";

// The rules themselves are checked by the service (actionRulesSchema and RE2), which names the
// rule and term at fault; here only that there is an array.
const rulesBody = z.object({ rules: z.array(z.unknown()) });

/**
 * `/api/actions`: the reader's rules (`GET`, `PUT {rules}` whole), a preview of unsaved rules on
 * their newest entries, applying the saved ones to entries already there, and the webhook log.
 */
export function actionRoutes(deps: { actions: ActionsService; requireUser: MiddlewareHandler<AppEnv> }) {
  const { actions } = deps;
  return new Hono<AppEnv>()
    .use(deps.requireUser)
    .get("/", async (c) => ok(c, await actions.get(currentUser(c))))
    .put("/", validate("json", rulesBody), async (c) => ok(c, await actions.save(currentUser(c), c.req.valid("json").rules)))
    .post("/preview", validate("json", rulesBody), async (c) => ok(c, await actions.preview(currentUser(c), c.req.valid("json").rules)))
    .post("/apply", async (c) => ok(c, await actions.applyToExisting(currentUser(c))))
    .get("/deliveries", validate("query", z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) })), async (c) =>
      ok(c, await actions.deliveries(currentUser(c), c.req.valid("query").limit)),
    );
}
