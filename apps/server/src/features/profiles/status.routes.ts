import { Hono } from "hono";
import type { Config } from "../../env.ts";
import type { AppEnv } from "../../http/context.ts";
import { ok } from "../../http/respond.ts";
import { presentStatusConfigs } from "./status.presenter.ts";

/** GET /status/configs: public, the client reads it before anyone signs in. */
export function statusRoutes(config: Config) {
  const configs = presentStatusConfigs(config);
  return new Hono<AppEnv>().get("/status/configs", (c) => ok(c, configs));
}
