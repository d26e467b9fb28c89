import { Hono } from "hono";
import type { AppEnv } from "../../http/context.ts";
import type { Readiness } from "./readiness.service.ts";

/**
 * The process probes, outside /api and without a session, for load balancers and orchestrators:
 * `GET /healthz` (liveness: the process answers; never touches the database, so a database outage
 * does not get every process restarted) and `GET /readyz` (readiness: 200, or 503 with the reason).
 */
export function probeRoutes(readiness: Readiness) {
  return new Hono<AppEnv>()
    .get("/healthz", (c) => {
      c.header("Cache-Control", "no-store");
      return c.json({ status: "ok" });
    })
    .get("/readyz", async (c) => {
      c.header("Cache-Control", "no-store");
      const answer = await readiness.check();
      return answer.ready ? c.json({ status: "ready" }) : c.json({ status: "not ready", reason: answer.reason }, 503);
    });
}
