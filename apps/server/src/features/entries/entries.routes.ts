import { Hono, type MiddlewareHandler } from "hono";
import { stream } from "hono/streaming";
import { z } from "zod";
import type { AppEnv } from "../../http/context.ts";
import { ok } from "../../http/respond.ts";
import { idSchema, queryBoolean, timeSchema, viewSchema } from "../../http/schemas.ts";
import { currentUser } from "../../http/session.ts";
import { validate } from "../../http/validate.ts";
import type { EntriesService } from "./entries.service.ts";

const timelineSchema = z.object({
  view: viewSchema.optional(),
  feedId: idSchema.optional(),
  feedIdList: z.array(idSchema).max(5000).optional(),
  listId: idSchema.optional(),
  inboxId: z.string().max(64).optional(),
  read: z.boolean().optional(),
  limit: z.number().int().min(1).max(100).optional(),
  publishedAfter: timeSchema.optional(),
  publishedAfterId: idSchema.optional(),
  cursor: z.string().max(200).optional(),
  isCollection: z.boolean().optional(),
  collected: z.boolean().optional(),
  isArchived: z.boolean().optional(),
  excludePrivate: z.boolean().optional(),
  withContent: z.boolean().optional(),
  startTime: timeSchema.optional(),
  endTime: timeSchema.optional(),
});

/** `/api/entries`: timelines and entries. */
export function entryRoutes(deps: { entries: EntriesService; requireUser: MiddlewareHandler<AppEnv> }) {
  const { entries } = deps;
  return new Hono<AppEnv>()
    .use(deps.requireUser)
    .post("/", validate("json", timelineSchema), async (c) => {
      const body = c.req.valid("json");
      const page = await entries.timeline(currentUser(c), { ...body, isCollection: body.isCollection ?? body.collected });
      // `data` is the reference shape; `nextCursor` (null after the last page) is this server's addition.
      return c.json({ code: 0 as const, data: page.items, nextCursor: page.nextCursor });
    })
    .get("/", validate("query", z.object({ id: idSchema })), async (c) => ok(c, await entries.get(currentUser(c), c.req.valid("query").id)))
    .get("/readability", validate("query", z.object({ id: idSchema })), async (c) =>
      ok(c, await entries.readability(currentUser(c), c.req.valid("query").id)),
    )
    .post("/stream", validate("json", z.object({ ids: z.array(idSchema).max(500) })), async (c) => {
      const user = currentUser(c);
      const { ids } = c.req.valid("json");
      c.header("Content-Type", "application/x-ndjson; charset=utf-8");
      return stream(c, async (out) => {
        for await (const line of entries.contents(user, ids)) await out.write(`${JSON.stringify(line)}\n`);
      });
    })
    .get("/preview", validate("query", z.object({ id: idSchema })), async (c) => ok(c, await entries.preview(currentUser(c), c.req.valid("query").id)))
    .get(
      "/check-new",
      validate(
        "query",
        z.object({
          insertedAfter: timeSchema,
          view: viewSchema.optional(),
          feedId: idSchema.optional(),
          feedIdList: z.union([idSchema, z.array(idSchema)]).optional(),
          listId: idSchema.optional(),
          read: queryBoolean.optional(),
        }),
      ),
      async (c) => {
        const query = c.req.valid("query");
        const feedIdList = query.feedIdList === undefined ? undefined : ([] as string[]).concat(query.feedIdList);
        return ok(
          c,
          await entries.checkNew(currentUser(c), query.insertedAfter, {
            ...(query.view !== undefined ? { view: query.view } : {}),
            ...(query.feedId ? { feedId: query.feedId } : {}),
            ...(feedIdList ? { feedIdList } : {}),
            ...(query.listId ? { listId: query.listId } : {}),
            unreadOnly: query.read === false,
          }),
        );
      },
    )
    .get(
      "/read-histories/:id",
      validate("param", z.object({ id: idSchema })),
      validate("query", z.object({ size: z.coerce.number().int().min(1).max(100).default(20), page: z.coerce.number().int().min(1).max(10_000).optional(), cursor: z.string().max(200).optional() })),
      async (c) => {
        const { size, page, cursor } = c.req.valid("query");
        return ok(c, await entries.readHistories(currentUser(c), c.req.valid("param").id, size, { ...(page ? { page } : {}), ...(cursor ? { cursor } : {}) }));
      },
    );
}
