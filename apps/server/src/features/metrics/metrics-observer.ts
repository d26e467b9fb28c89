import type { MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import type { AppEnv } from "../../http/context.ts";
import type { Metrics } from "./metrics-registry.ts";

/**
 * Times every request, labelled by the pattern of the route that answered it (`/api/files/:id`):
 * never the path, whose ids would make a series per entry. A middleware that answered labels with
 * its own pattern (a sign-in guard's 401: `/api/entries/*`); a path no route knows, `/api/*` (the
 * API's 404) or `/*` (the web client's pages, or nothing).
 */
export function observeRequests(metrics: Metrics): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    metrics.request(c.req.method, routePath(c) || "unmatched", c.res.status, (performance.now() - started) / 1000);
  };
}
