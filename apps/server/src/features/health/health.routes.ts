import { PRODUCT } from "@tidings/contracts";
import { Hono } from "hono";
import type { AppEnv } from "../../http/context.ts";
import { ok } from "../../http/respond.ts";

/** `GET /api/health`: answers once the database does. */
export function healthRoutes(deps: { pingDatabase: () => Promise<void>; driver: string }) {
  return new Hono<AppEnv>().get("/", async (c) => {
    await deps.pingDatabase();
    return ok(c, { status: "ok", version: PRODUCT.version, database: deps.driver });
  });
}
