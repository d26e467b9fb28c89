import { Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../http/context.ts";
import { ok } from "../../http/respond.ts";
import { idSchema, queryBoolean, viewSchema } from "../../http/schemas.ts";
import { currentUser } from "../../http/session.ts";
import { validate } from "../../http/validate.ts";
import { MAX_LIMIT, type SearchService } from "./search.service.ts";

const searchSchema = z.object({
  q: z.string().max(500).refine((q) => q.trim().length > 0, "type something to search for"),
  view: viewSchema.optional(),
  feedId: idSchema.optional(),
  read: queryBoolean.optional(),
  starred: queryBoolean.optional(),
  limit: z.coerce.number().int().min(1).max(MAX_LIMIT).optional(),
  offset: z.coerce.number().int().min(0).max(10_000).optional(),
  cursor: z.string().max(300).optional(),
});

/** `GET /search`: full-text search of the caller's entries. */
export function searchRoutes(deps: { search: SearchService; requireUser: MiddlewareHandler<AppEnv> }) {
  return new Hono<AppEnv>().get("/search", deps.requireUser, validate("query", searchSchema), async (c) =>
    ok(c, await deps.search.search(currentUser(c), c.req.valid("query"))),
  );
}
