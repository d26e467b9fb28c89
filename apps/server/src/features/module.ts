import type { MiddlewareHandler } from "hono";
import type { Deps } from "../deps.ts";
import type { AppEnv } from "../http/context.ts";

/**
 * What a feature module receives: every shared dependency, and the session middleware (one that
 * requires a signed-in user, one that reads a session when there is one). A module builds its own repositories and services from `deps` and returns a
 * Hono app that app.ts mounts at `/api` (the module names its own paths).
 */
export interface ModuleContext {
  deps: Deps;
  requireUser: MiddlewareHandler<AppEnv>;
  optionalUser: MiddlewareHandler<AppEnv>;
}
