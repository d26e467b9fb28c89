import { Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../http/context.ts";
import { ok } from "../../http/respond.ts";
import { idSchema } from "../../http/schemas.ts";
import { currentUser } from "../../http/session.ts";
import { validate } from "../../http/validate.ts";
import type { FeedClaimService } from "./feed-claim.service.ts";
import type { FeedInfoService } from "./feed-info.service.ts";

const infoQuery = z.object({ id: idSchema.optional(), url: z.string().trim().min(1).max(2048).optional() });

/** GET /feeds (a feed's page) and /feeds/claim/* (ownership). */
export function feedInfoRoutes(deps: { info: FeedInfoService; claims: FeedClaimService; requireUser: MiddlewareHandler<AppEnv> }) {
  const { info, claims, requireUser } = deps;
  return new Hono<AppEnv>()
    .get("/feeds", requireUser, validate("query", infoQuery), async (c) => ok(c, await info.get(currentUser(c), c.req.valid("query"))))
    .get("/feeds/claim/message", requireUser, validate("query", z.object({ feedId: idSchema })), async (c) =>
      ok(c, await claims.message(currentUser(c), c.req.valid("query").feedId)),
    )
    .post("/feeds/claim/challenge", requireUser, validate("json", z.object({ feedId: idSchema })), async (c) => {
      await claims.challenge(currentUser(c), c.req.valid("json").feedId);
      return ok(c);
    })
    .get("/feeds/claim/list", requireUser, async (c) => ok(c, await claims.list(currentUser(c))));
}
