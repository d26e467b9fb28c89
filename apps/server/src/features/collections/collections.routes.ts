import { Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../http/context.ts";
import { ok } from "../../http/respond.ts";
import { idSchema, viewSchema } from "../../http/schemas.ts";
import { currentUser } from "../../http/session.ts";
import { validate } from "../../http/validate.ts";
import type { CollectionsService } from "./collections.service.ts";

/** `/api/collections`: star and unstar. */
export function collectionRoutes(deps: { collections: CollectionsService; requireUser: MiddlewareHandler<AppEnv> }) {
  const { collections } = deps;
  return new Hono<AppEnv>()
    .use(deps.requireUser)
    .get("/", validate("query", z.object({ entryId: idSchema })), async (c) => ok(c, await collections.has(currentUser(c), c.req.valid("query").entryId)))
    .post("/", validate("json", z.object({ entryId: idSchema, view: viewSchema.default(0) })), async (c) => {
      const body = c.req.valid("json");
      await collections.star(currentUser(c), body.entryId, body.view);
      return ok(c);
    })
    .delete("/", validate("json", z.object({ entryId: idSchema })), async (c) => {
      await collections.unstar(currentUser(c), c.req.valid("json").entryId);
      return ok(c);
    });
}
