import type { MiddlewareHandler } from "hono";
import type { Logger } from "../lib/logger.ts";
import type { AppEnv } from "./context.ts";

/**
 * Gives each request a child logger carrying its request id, and logs one line when it ends:
 * method, path, status and duration.
 */
export function requestLog(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const log = logger.child({ reqId: c.var.requestId });
    c.set("log", log);
    await next();
    const ms = Math.round((performance.now() - started) * 10) / 10;
    const status = c.res.status;
    const line = { method: c.req.method, path: c.req.path, status, ms };
    // 502-504: a service we depend on failed (an image host, an AI provider), not this server.
    if (status >= 502 && status <= 504) log.warn(line, "request failed upstream");
    else if (status >= 500) log.error(line, "request failed");
    else if (c.req.path.startsWith("/api/")) log.info(line, "request");
    else log.debug(line, "request");
  };
}
