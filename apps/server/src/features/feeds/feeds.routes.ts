import { isValidId } from "@tidings/contracts";
import { Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../http/context.ts";
import { ok } from "../../http/respond.ts";
import { currentUser } from "../../http/session.ts";
import { validate } from "../../http/validate.ts";
import type { FeedsService } from "./feeds.service.ts";

const feedId = z.string().refine(isValidId, "must be a feed id");

/** `/api/feeds` (this part: the admin's forced refresh). */
export function feedRoutes(deps: { feeds: FeedsService; requireUser: MiddlewareHandler<AppEnv> }) {
  return new Hono<AppEnv>()
    .use(deps.requireUser)
    .get("/refresh", validate("query", z.object({ id: feedId })), async (c) => {
      const { result, feed } = await deps.feeds.refreshNow(currentUser(c), c.req.valid("query").id);
      return ok(c, { result, feed: { id: feed.id, url: feed.url, title: feed.title, errorMessage: feed.errorMessage, errorAt: feed.errorAt } });
    });
}

/** `/api/admin/refresh`: mark feeds due now (all, or some) and watch the queue drain. */
export function adminRefreshRoutes(deps: { feeds: FeedsService; requireUser: MiddlewareHandler<AppEnv> }) {
  return new Hono<AppEnv>()
    .use(deps.requireUser)
    .post("/", validate("json", z.object({ feedIds: z.array(feedId).max(10_000).optional() }).default({})), async (c) => {
      const body = c.req.valid("json");
      return ok(c, await deps.feeds.markDue(currentUser(c), body.feedIds));
    })
    .get("/", async (c) => ok(c, await deps.feeds.queue(currentUser(c))));
}
