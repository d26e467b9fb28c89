import { ErrorCode } from "@tidings/contracts";
import { Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import { AppError } from "../../errors.ts";
import type { AppEnv } from "../../http/context.ts";
import { ok } from "../../http/respond.ts";
import { idSchema, viewSchema } from "../../http/schemas.ts";
import { currentUser } from "../../http/session.ts";
import { validate } from "../../http/validate.ts";
import type { SubscriptionsService } from "./subscriptions.service.ts";

const text = z.string().max(300).nullable().optional();
const subscribeSchema = z.object({
  url: z.string().trim().min(1).max(2048).optional(),
  listId: idSchema.optional(),
  view: viewSchema.default(0),
  category: text,
  isPrivate: z.boolean().optional(),
  title: text,
});
const patchFields = { view: viewSchema.optional(), category: text, isPrivate: z.boolean().optional(), title: text };
const patchSchema = z.object({ feedId: idSchema.optional(), listId: idSchema.optional(), inboxId: z.string().optional(), ...patchFields });
const batchSchema = z.object({ feedIds: z.array(idSchema).min(1).max(5000), ...patchFields });
const deleteSchema = z.object({
  feedId: idSchema.optional(),
  feedIdList: z.array(idSchema).max(5000).optional(),
  listId: idSchema.optional(),
  inboxId: z.string().optional(),
  url: z.string().optional(),
});

type Patch = Partial<{ view: number; category: string | null; isPrivate: boolean; title: string | null }>;
const patchOf = (body: Patch) => {
  const patch: Patch = {};
  for (const key of ["view", "category", "isPrivate", "title"] as const) if (body[key] !== undefined) Object.assign(patch, { [key]: body[key] });
  return patch;
};

export interface SubscriptionRouteDeps {
  subscriptions: SubscriptionsService;
  requireUser: MiddlewareHandler<AppEnv>;
  /** The id of the caller's inbox with that handle, or null. */
  inboxIdOf: (userId: string, handle: string) => Promise<string | null>;
  /** The id of the feed stored under that URL, or null. */
  feedIdOf: (url: string) => Promise<string | null>;
}

/** `/api/subscriptions`: what the caller follows. */
export function subscriptionRoutes(deps: SubscriptionRouteDeps) {
  const { subscriptions } = deps;
  return new Hono<AppEnv>()
    .use(deps.requireUser)
    .get("/", validate("query", z.object({ view: viewSchema.optional(), userId: z.string().min(1).optional() })), async (c) => {
      const query = c.req.valid("query");
      return ok(c, await subscriptions.list(currentUser(c), query));
    })
    .post("/", validate("json", subscribeSchema), async (c) => {
      const body = c.req.valid("json");
      if (!body.url && !body.listId) throw new AppError(ErrorCode.FeedIdOrUrlRequired);
      const result = await subscriptions.subscribe(currentUser(c), body);
      const created = await subscriptions.get(currentUser(c), (result.feedId ?? result.listId)!);
      return c.json({
        code: 0 as const,
        feed: created && "feeds" in created ? created.feeds : null,
        list: created && "lists" in created ? created.lists : null,
        data: created ?? null,
      });
    })
    .patch("/", validate("json", patchSchema), async (c) => {
      const body = c.req.valid("json");
      const user = currentUser(c);
      const target = body.feedId ?? body.listId ?? (body.inboxId ? await deps.inboxIdOf(user.id, body.inboxId) : null);
      if (!target) throw new AppError(ErrorCode.InvalidParameter, { reason: "Invalid subscription: give feedId, listId or inboxId" });
      await subscriptions.update(user, target, patchOf(body));
      return ok(c);
    })
    .patch("/batch", validate("json", batchSchema), async (c) => {
      const body = c.req.valid("json");
      return ok(c, { updated: await subscriptions.updateMany(currentUser(c), body.feedIds, patchOf(body)) });
    })
    .delete("/", validate("json", deleteSchema), async (c) => {
      const body = c.req.valid("json");
      const user = currentUser(c);
      const targets = [...(body.feedIdList ?? [])];
      for (const id of [body.feedId, body.listId]) if (id) targets.push(id);
      if (body.inboxId) {
        const inbox = await deps.inboxIdOf(user.id, body.inboxId);
        if (inbox) targets.push(inbox);
      }
      if (body.url) {
        const feedId = await deps.feedIdOf(body.url);
        if (feedId) targets.push(feedId);
      }
      if (targets.length === 0) throw new AppError(ErrorCode.InvalidParameter, { reason: "Invalid subscription: give feedId, feedIdList, listId, inboxId or url" });
      return ok(c, { removed: await subscriptions.unsubscribe(user, targets) });
    });
}

/** `/api/categories`: the folders of the sidebar. */
export function categoryRoutes(deps: { subscriptions: SubscriptionsService; requireUser: MiddlewareHandler<AppEnv> }) {
  const { subscriptions } = deps;
  return new Hono<AppEnv>()
    .use(deps.requireUser)
    .get("/", validate("query", z.object({ view: viewSchema.optional() })), async (c) =>
      ok(c, await subscriptions.categories(currentUser(c), c.req.valid("query").view)),
    )
    .patch("/", validate("json", z.object({ feedIdList: z.array(idSchema).min(1).max(5000), category: z.string().max(100).nullable() })), async (c) => {
      const body = c.req.valid("json");
      return ok(c, { updated: await subscriptions.setCategory(currentUser(c), body.feedIdList, body.category) });
    })
    .delete(
      "/",
      validate("json", z.object({ feedIdList: z.array(idSchema).min(1).max(5000), deleteSubscriptions: z.boolean().default(false) })),
      async (c) => {
        const body = c.req.valid("json");
        return ok(c, { updated: await subscriptions.deleteCategory(currentUser(c), body.feedIdList, body.deleteSubscriptions) });
      },
    );
}
