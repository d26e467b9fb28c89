import { getConnInfo } from "@hono/node-server/conninfo";
import { Hono } from "hono";
import type { AppEnv } from "../../http/context.ts";
import { metricsAccess } from "./metrics-access.ts";
import type { Metrics } from "./metrics-registry.ts";

/** `GET /metrics`, outside `/api` and sessions: the Prometheus exposition, to those {@link metricsAccess} allows; a 404 when off. */
export function metricsRoutes(deps: { metrics: Metrics | null; token: string | null; trustProxy: boolean }) {
  const { metrics } = deps;
  const routes = new Hono<AppEnv>();
  if (!metrics) return routes.all("/metrics", (c) => c.text("Not Found", 404));
  return routes.get("/metrics", async (c) => {
    let socketAddress: string | undefined;
    try {
      socketAddress = getConnInfo(c).remote.address;
    } catch {
      socketAddress = undefined; // in-process requests (tests) have no socket
    }
    const access = metricsAccess({ socketAddress, header: (name) => c.req.header(name) }, deps);
    if (access === "no-token") return c.text("Unauthorized: send Authorization: Bearer <METRICS_TOKEN>\n", 401, { "WWW-Authenticate": 'Bearer realm="metrics"' });
    if (access === "refused") return c.text("Forbidden: metrics are served to loopback and private networks only (or set METRICS_TOKEN)\n", 403);
    return c.body(await metrics.scrape(), 200, { "Content-Type": metrics.contentType, "Cache-Control": "no-store" });
  });
}
