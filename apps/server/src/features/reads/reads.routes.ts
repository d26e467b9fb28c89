import { Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../http/context.ts";
import { ok } from "../../http/respond.ts";
import { idSchema, timeSchema, viewSchema } from "../../http/schemas.ts";
import { currentUser } from "../../http/session.ts";
import { validate } from "../../http/validate.ts";
import type { ReadsService } from "./reads.service.ts";

const entryIds = z.array(idSchema).min(1).max(1000);

/** `/api/reads`: unread counts and read state. */
export function readRoutes(deps: { reads: ReadsService; requireUser: MiddlewareHandler<AppEnv> }) {
  const { reads } = deps;
  return new Hono<AppEnv>()
    .use(deps.requireUser)
    .get("/", validate("query", z.object({ view: viewSchema.optional() })), async (c) => ok(c, await reads.unreadCounts(currentUser(c), c.req.valid("query").view)))
    .get("/total-count", async (c) => ok(c, await reads.totalCount(currentUser(c))))
    .post("/", validate("json", z.object({ entryIds, isInbox: z.boolean().optional(), readHistories: z.array(z.string()).optional() })), async (c) => {
      await reads.markRead(currentUser(c), c.req.valid("json").entryIds);
      return ok(c);
    })
    .delete("/", validate("json", z.object({ entryId: idSchema.optional(), entryIds: entryIds.optional(), isInbox: z.boolean().optional() })), async (c) => {
      const body = c.req.valid("json");
      const ids = [...(body.entryIds ?? []), ...(body.entryId ? [body.entryId] : [])];
      if (ids.length > 0) await reads.markUnread(currentUser(c), ids);
      return ok(c);
    })
    .post(
      "/all",
      validate(
        "json",
        z.object({
          view: viewSchema.optional(),
          feedId: idSchema.optional(),
          feedIdList: z.array(idSchema).max(5000).optional(),
          listId: idSchema.optional(),
          inboxId: z.string().max(64).optional(),
          startTime: timeSchema.optional(),
          endTime: timeSchema.optional(),
          excludePrivate: z.boolean().optional(),
        }),
      ),
      async (c) => ok(c, await reads.markAll(currentUser(c), c.req.valid("json"))),
    );
}
