import { Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../http/context.ts";
import { ok } from "../../http/respond.ts";
import { validate } from "../../http/validate.ts";
import type { ProfilesService } from "./profiles.service.ts";

/** User ids are looked up, not parsed: an id that names nobody is simply not found. */
const userId = z.string().trim().min(1).max(64);

/** GET /profiles (public: a profile page is shared with people who have no account) and POST /profiles/batch. */
export function profileRoutes(deps: {
  profiles: ProfilesService;
  requireUser: MiddlewareHandler<AppEnv>;
  optionalUser: MiddlewareHandler<AppEnv>;
}) {
  const { profiles, requireUser, optionalUser } = deps;
  return new Hono<AppEnv>()
    .get("/profiles", optionalUser, validate("query", z.object({ id: userId.optional(), handle: z.string().max(100).refine((handle) => !handle.includes("\u0000"), "must not contain a NUL byte").optional() })), async (c) =>
      ok(c, await profiles.get(c.req.valid("query"), c.var.user?.id ?? null)),
    )
    .post("/profiles/batch", requireUser, validate("json", z.object({ ids: z.array(userId).max(100) })), async (c) =>
      ok(c, await profiles.batch(c.req.valid("json").ids)),
    );
}
