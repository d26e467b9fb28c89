import { Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../http/context.ts";
import { ok } from "../../http/respond.ts";
import { idSchema, viewSchema } from "../../http/schemas.ts";
import { currentUser } from "../../http/session.ts";
import { validate } from "../../http/validate.ts";
import type { ListsService } from "./lists.service.ts";

/** Optional text: an empty string clears it (null). */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .optional()
    .transform((value) => (value === "" ? null : value));

/** An image address: an absolute http(s) URL; an empty string clears it. */
const imageSchema = z
  .string()
  .trim()
  .max(2048)
  .refine((value) => value === "" || /^https?:$/.test(URL.parse(value)?.protocol ?? ""), "must be an http(s) URL")
  .nullable()
  .optional()
  .transform((value) => (value === "" ? null : value));

const fields = {
  title: z.string().trim().min(1).max(200),
  description: optionalText(2000),
  image: imageSchema,
  view: viewSchema,
  fee: z.number().int().min(0).max(1_000_000_000),
};
const createSchema = z.object({ ...fields, view: fields.view.default(0), fee: fields.fee.default(0) });
const patchSchema = z.object({
  listId: idSchema,
  title: fields.title.optional(),
  description: fields.description,
  image: fields.image,
  view: fields.view.optional(),
  fee: fields.fee.optional(),
});
const addFeedsSchema = z
  .object({ listId: idSchema, feedId: idSchema.optional(), feedIds: z.array(idSchema).min(1).max(500).optional() })
  .refine((body) => body.feedId !== undefined || body.feedIds !== undefined, "give feedId or feedIds");

/** `/lists`: a list's page, the caller's lists, and the owner's edits of a list and its feeds. */
export function listRoutes(deps: { lists: ListsService; requireUser: MiddlewareHandler<AppEnv> }) {
  const { lists, requireUser } = deps;
  return new Hono<AppEnv>()
    .get("/lists", requireUser, validate("query", z.object({ listId: idSchema })), async (c) =>
      ok(c, await lists.details(currentUser(c), c.req.valid("query").listId)),
    )
    .get("/lists/list", requireUser, async (c) => ok(c, await lists.owned(currentUser(c))))
    .post("/lists", requireUser, validate("json", createSchema), async (c) => ok(c, await lists.create(currentUser(c), c.req.valid("json"))))
    .patch("/lists", requireUser, validate("json", patchSchema), async (c) => {
      const { listId, ...patch } = c.req.valid("json");
      return ok(c, await lists.update(currentUser(c), listId, patch));
    })
    .delete("/lists", requireUser, validate("json", z.object({ listId: idSchema })), async (c) => {
      await lists.remove(currentUser(c), c.req.valid("json").listId);
      return ok(c);
    })
    .post("/lists/feeds", requireUser, validate("json", addFeedsSchema), async (c) => {
      const body = c.req.valid("json");
      const feedIds = [...(body.feedIds ?? []), ...(body.feedId ? [body.feedId] : [])];
      return ok(c, await lists.addFeeds(currentUser(c), body.listId, feedIds));
    })
    .delete("/lists/feeds", requireUser, validate("json", z.object({ listId: idSchema, feedId: idSchema })), async (c) => {
      const body = c.req.valid("json");
      await lists.removeFeed(currentUser(c), body.listId, body.feedId);
      return ok(c);
    });
}
