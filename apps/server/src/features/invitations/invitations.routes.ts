import { Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../http/context.ts";
import { ok } from "../../http/respond.ts";
import { currentUser } from "../../http/session.ts";
import { validate } from "../../http/validate.ts";
import type { InvitationsService } from "./invitations.service.ts";

const useSchema = z.object({ code: z.string().trim().min(1, "code is required").max(64) });

/** `/api/invitations`: list my codes, create one, use one. */
export function invitationRoutes(deps: { invitations: InvitationsService; requireUser: MiddlewareHandler<AppEnv> }) {
  const { invitations, requireUser } = deps;
  return new Hono<AppEnv>()
    .use(requireUser)
    .get("/", async (c) => ok(c, await invitations.list(currentUser(c))))
    .post("/new", async (c) => ok(c, await invitations.create(currentUser(c))))
    .post("/use", validate("json", useSchema), async (c) => {
      await invitations.use(currentUser(c), c.req.valid("json").code);
      return ok(c);
    });
}
