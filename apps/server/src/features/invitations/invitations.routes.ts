import { ErrorCode } from "@tidings/contracts";
import { Hono, type MiddlewareHandler } from "hono";
import { AppError } from "../../errors.ts";
import { z } from "zod";
import type { AppEnv } from "../../http/context.ts";
import { ok } from "../../http/respond.ts";
import { currentUser } from "../../http/session.ts";
import { describeIssues, validate } from "../../http/validate.ts";
import type { InvitationsService } from "./invitations.service.ts";

const useSchema = z.object({ code: z.string().trim().min(1, "code is required").max(64) });
const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};
const newSchema = z.object({ TOTPCode: z.string().trim().max(64).optional() });

/** `/api/invitations`: list my codes, how many more I may create, create one, use one. */
export function invitationRoutes(deps: { invitations: InvitationsService; requireUser: MiddlewareHandler<AppEnv> }) {
  const { invitations, requireUser } = deps;
  return new Hono<AppEnv>()
    .use(requireUser)
    .get("/", async (c) => ok(c, await invitations.list(currentUser(c))))
    .get("/limitation", async (c) => ok(c, await invitations.limitation(currentUser(c))))
    .post("/new", async (c) => {
      // Without two-factor the client may post no body at all.
      const text = (await c.req.text()).trim();
      const raw = text ? parseJson(text) : {};
      const body = newSchema.safeParse(raw);
      if (!body.success) throw new AppError(ErrorCode.InvalidParameter, { reason: raw === undefined ? "The body is not JSON" : describeIssues(body.error.issues) });
      return ok(c, await invitations.create(currentUser(c), body.data.TOTPCode || undefined));
    })
    .post("/use", validate("json", useSchema), async (c) => {
      await invitations.use(currentUser(c), c.req.valid("json").code);
      return ok(c);
    });
}

