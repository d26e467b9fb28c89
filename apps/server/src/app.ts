import { AUTH_BASE_PATH, ErrorCode } from "@tidings/contracts";
import { Hono, type MiddlewareHandler } from "hono";
import { requestId } from "hono/request-id";
import type { AuthModule } from "./auth/index.ts";
import type { Database } from "./db/client.ts";
import { AppError } from "./errors.ts";
import { createHealthRepo, createReadiness, healthRoutes, probeRoutes, type Readiness } from "./features/health/index.ts";
import type { FeatureModule } from "./features/module.ts";
import { bodyLimits } from "./http/body-limits.ts";
import type { AppEnv } from "./http/context.ts";
import { compressAnswers } from "./http/compress.ts";
import { handleError } from "./http/on-error.ts";
import { rateLimits } from "./http/rate-limits.ts";
import { requestLog } from "./http/request-log.ts";
import { securityHeaders } from "./http/security-headers.ts";
import { webAppRoutes, webAppScriptHashes } from "./http/web-app.ts";
import type { Config } from "./env.ts";
import type { Clock } from "./lib/clock.ts";
import type { Logger } from "./lib/logger.ts";
import type { RateCounter } from "./lib/rate-limit.ts";

/** What the HTTP application is made of: the composition root's sign-in and features. */
export interface AppParts {
  logger: Logger;
  auth: Pick<AuthModule, "guards" | "routes">;
  modules: FeatureModule[];
  db: Database;
  pingDatabase: () => Promise<void>;
  driver: string;
  /** What the rate limits count with (the database, or Redis). */
  rateCounter: RateCounter;
  /** What the rate limits, body limits and security headers read. */
  config: Pick<Config, "server" | "rateLimits" | "inbox" | "accounts" | "telemetry">;
  clock: Clock;
  /** Times every request (metrics), first of all middleware; absent: not timed. */
  observeRequests?: MiddlewareHandler<AppEnv> | undefined;
}

/** The HTTP application: middleware, sign-in, one sub-app per feature, one error handler. */
export function createApp(parts: AppParts, options: { webDistDir?: string; readiness?: Readiness } = {}) {
  const { guards } = parts.auth;
  const app = new Hono<AppEnv>();
  if (parts.observeRequests) app.use(parts.observeRequests);
  app.use(requestId({ headerName: "X-Request-Id" }));
  app.use(requestLog(parts.logger));
  const { config } = parts;
  const scriptHashes = options.webDistDir ? webAppScriptHashes(options.webDistDir) : [];
  app.use(securityHeaders({ scriptHashes, connectSources: [config.telemetry.analytics?.host, config.telemetry.errorReportingDsn] }));
  app.onError(handleError);
  const limits = rateLimits({
    counter: parts.rateCounter,
    config: config.rateLimits,
    trustProxy: config.server.trustProxy,
    signedIn: async (c) => {
      if (!c.req.header("cookie")) return false;
      await guards.optionalUser(c, async () => {});
      return Boolean(c.var.user);
    },
  });
  app.use(limits.auth);
  app.use(limits.public);
  const limitBodies = bodyLimits({ avatarMaxBytes: config.accounts.avatarMaxBytes, mailMaxBytes: config.inbox.mailMaxBytes });
  app.use("/api/*", limitBodies);
  // Miniflux's API at its own paths (features/miniflux).
  app.use("/v1/*", limitBodies);

  // JSON answers compressed (a timeline page shrinks ~5×); the entry stream is sent as it goes.
  const compressJson = compressAnswers();
  // So are streamed summaries: compression would hold their words back.
  const unbuffered = (path: string, stream: string | undefined) => path === "/api/entries/stream" || (path === "/api/ai/summary" && stream !== undefined);
  app.use("/api/*", (c, next) => (unbuffered(c.req.path, c.req.query("stream")) ? next() : compressJson(c, next)));
  app.use("/v1/*", compressJson);

  app.route(AUTH_BASE_PATH, parts.auth.routes);
  app.route("/api/health", healthRoutes({ pingDatabase: parts.pingDatabase, driver: parts.driver }));
  app.route("/", probeRoutes(options.readiness ?? createReadiness(createHealthRepo(parts.db))));
  for (const module of parts.modules) if (module.routes) app.route("/api", module.routes(guards));
  // Share pages, their pictures and their public data: before the web client's catch-all.
  for (const module of parts.modules) if (module.site) app.route("/", module.site(guards, { webDistDir: options.webDistDir }));
  app.all("/api/*", (c) => {
    throw new AppError(ErrorCode.InvalidParameter, {
      status: 404,
      reason: `No such API route: ${c.req.method} ${c.req.path}`,
    });
  });
  if (options.webDistDir) app.route("/", webAppRoutes(options.webDistDir));
  return app;
}

export type App = ReturnType<typeof createApp>;
