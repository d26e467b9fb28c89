import { AUTH_BASE_PATH, ErrorCode } from "@tidings/contracts";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { requestId } from "hono/request-id";
import { secureHeaders } from "hono/secure-headers";
import type { AuthModule } from "./auth/index.ts";
import type { Database } from "./db/client.ts";
import { AppError } from "./errors.ts";
import { createHealthRepo, createReadiness, healthRoutes, probeRoutes, type Readiness } from "./features/health/index.ts";
import type { FeatureModule } from "./features/module.ts";
import type { AppEnv } from "./http/context.ts";
import { compressAnswers } from "./http/compress.ts";
import { handleError } from "./http/on-error.ts";
import { requestLog } from "./http/request-log.ts";
import { webAppRoutes } from "./http/web-app.ts";
import type { Logger } from "./lib/logger.ts";

const API_BODY_LIMIT_BYTES = 10 * 1024 * 1024;

/** What the HTTP application is made of: the composition root's sign-in and features. */
export interface AppParts {
  logger: Logger;
  auth: Pick<AuthModule, "guards" | "routes">;
  modules: FeatureModule[];
  db: Database;
  pingDatabase: () => Promise<void>;
  driver: string;
}

/** The HTTP application: middleware, sign-in, one sub-app per feature, one error handler. */
export function createApp(parts: AppParts, options: { webDistDir?: string; readiness?: Readiness } = {}) {
  const { guards } = parts.auth;
  const app = new Hono<AppEnv>();
  app.use(requestId({ headerName: "X-Request-Id" }));
  app.use(requestLog(parts.logger));
  app.use(secureHeaders({ crossOriginEmbedderPolicy: false, crossOriginResourcePolicy: "same-origin" }));
  app.onError(handleError);
  app.use(
    "/api/*",
    bodyLimit({
      maxSize: API_BODY_LIMIT_BYTES,
      onError: () => {
        throw new AppError(ErrorCode.InvalidParameter, { reason: "The request body is larger than 10 MB" });
      },
    }),
  );

  // JSON answers compressed (a timeline page shrinks ~5×); the entry stream is sent as it goes.
  const compressJson = compressAnswers();
  // So are streamed summaries: compression would hold their words back.
  const unbuffered = (path: string, stream: string | undefined) => path === "/api/entries/stream" || (path === "/api/ai/summary" && stream !== undefined);
  app.use("/api/*", (c, next) => (unbuffered(c.req.path, c.req.query("stream")) ? next() : compressJson(c, next)));

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
