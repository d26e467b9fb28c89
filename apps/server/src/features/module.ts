import type { Hono, MiddlewareHandler } from "hono";
import type { AppEnv } from "../http/context.ts";

/** The session middleware a feature's routes use: one that requires a signed-in reader, one that reads a session when there is one. */
export interface RouteGuards {
  requireUser: MiddlewareHandler<AppEnv>;
  optionalUser: MiddlewareHandler<AppEnv>;
}

/** Background work a feature runs: the server starts it when SCHEDULER is on, a worker always. */
export interface Job {
  readonly name: string;
  start(): void;
  stop(): Promise<void>;
}

/**
 * What each feature's `create…Module(ports)` gives the composition root, besides the services it
 * offers other features: its routes, mounted at `/api` once the session middleware exists (the
 * feature names its own paths), its pages, and its background jobs.
 */
export interface FeatureModule {
  routes?: (guards: RouteGuards) => Hono<AppEnv>;
  /**
   * Pages outside `/api` (share pages), mounted at the root before the web client's catch-all;
   * `webDistDir` is the web client's build, whose index.html such pages fill in (absent in tests).
   */
  site?: (guards: RouteGuards, web: { webDistDir?: string | undefined }) => Hono<AppEnv>;
  jobs?: Job[];
}
