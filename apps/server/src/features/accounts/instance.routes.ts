import { Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../http/context.ts";
import { ok } from "../../http/respond.ts";
import { currentUser } from "../../http/session.ts";
import { validate } from "../../http/validate.ts";
import type { AccountsService } from "./accounts.service.ts";

const patchSchema = z.object({ invitationsRequired: z.boolean().optional() }).strict();

/** `/api/admin/instance`: instance settings an admin reads and changes at run time (others: 1004). */
export function instanceRoutes(deps: { accounts: AccountsService; requireUser: MiddlewareHandler<AppEnv> }) {
  const { accounts, requireUser } = deps;
  return new Hono<AppEnv>()
    .use(requireUser)
    .get("/", async (c) => ok(c, await accounts.instanceSettings(currentUser(c))))
    .patch("/", validate("json", patchSchema), async (c) => ok(c, await accounts.updateInstanceSettings(currentUser(c), c.req.valid("json"))));
}
