import { AUTH_BASE_PATH, ErrorCode } from "@tidings/contracts";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { requestId } from "hono/request-id";
import { secureHeaders } from "hono/secure-headers";
import { authRoutes } from "./auth/auth.routes.ts";
import type { Deps } from "./deps.ts";
import { AppError } from "./errors.ts";
import { adminRefreshRoutes, feedRoutes } from "./features/feeds/feeds.routes.ts";
import { healthRoutes } from "./features/health/health.routes.ts";
import { discoverModule } from "./features/discover/discover.module.ts";
import { feedInfoModule } from "./features/feeds/feed-info.module.ts";
import { inboxesModule } from "./features/inboxes/inboxes.module.ts";
import { listsModule } from "./features/lists/lists.module.ts";
import { profilesModule } from "./features/profiles/profiles.module.ts";
import { searchModule } from "./features/search/search.module.ts";
import { opmlModule } from "./features/subscriptions/opml.module.ts";
import { collectionRoutes } from "./features/collections/collections.routes.ts";
import { actionsModule } from "./features/actions/actions.module.ts";
import { messagingModule } from "./features/messaging/messaging.module.ts";
import { integrationsModule } from "./features/integrations/integrations.module.ts";
import { aiRoutes } from "./features/ai/ai.routes.ts";
import { entryRoutes } from "./features/entries/entries.routes.ts";
import { readRoutes } from "./features/reads/reads.routes.ts";
import { categoryRoutes, subscriptionRoutes } from "./features/subscriptions/subscriptions.routes.ts";
import { normalizeFeedUrl } from "./content/feed-url.ts";
import { invitationRoutes } from "./features/invitations/invitations.routes.ts";
import { instanceRoutes } from "./features/accounts/instance.routes.ts";
import { filesModule } from "./features/files/files.module.ts";
import { shareModule } from "./features/share/share.module.ts";
import { imagesModule } from "./features/images/images.module.ts";
import { rsshubModule } from "./features/rsshub/rsshub.module.ts";
import { powerModule } from "./features/power/power.module.ts";
import type { AppEnv } from "./http/context.ts";
import { compressAnswers } from "./http/compress.ts";
import { handleError } from "./http/on-error.ts";
import { requestLog } from "./http/request-log.ts";
import { session } from "./http/session.ts";
import { createSessionCache } from "./http/session-cache.ts";
import { webAppRoutes } from "./http/web-app.ts";

const API_BODY_LIMIT_BYTES = 10 * 1024 * 1024;

/** The HTTP application: middleware, one sub-app per feature, one error handler. */
export function createApp(deps: Deps, options: { webDistDir?: string } = {}) {
  const sessions = createSessionCache();
  const requireUser = session(deps.auth, { required: true, cache: sessions });
  const optionalUser = session(deps.auth, { required: false, cache: sessions });
  const app = new Hono<AppEnv>();
  app.use(requestId({ headerName: "X-Request-Id" }));
  app.use(requestLog(deps.logger));
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

  // Whatever better-auth changes (sign-out, revoked sessions, e-mail, password, deletion) may end
  // or alter sessions the cache holds: forget them all; only reading the session leaves them.
  app.use(`${AUTH_BASE_PATH}/*`, async (c, next) => {
    try {
      await next();
    } finally {
      if (c.req.path !== `${AUTH_BASE_PATH}/get-session`) sessions.clear();
    }
  });
  app.route(AUTH_BASE_PATH, authRoutes(deps.auth, { trustProxy: deps.config.server.trustProxy, signInGuard: deps.signInGuard }));
  app.route("/api/health", healthRoutes({ pingDatabase: deps.pingDatabase, driver: deps.driver }));
  app.route("/api/invitations", invitationRoutes({ invitations: deps.invitations, requireUser }));
  app.route("/api/admin/instance", instanceRoutes({ accounts: deps.accounts, requireUser }));
  app.route("/api/feeds", feedRoutes({ feeds: deps.feeds, requireUser }));
  app.route("/api/admin/refresh", adminRefreshRoutes({ feeds: deps.feeds, requireUser }));
  app.route(
    "/api/subscriptions",
    subscriptionRoutes({
      subscriptions: deps.subscriptions,
      requireUser,
      inboxIdOf: async (userId, handle) => {
        const inbox = await deps.inboxesRepo.findByHandle(handle);
        return inbox && inbox.ownerUserId === userId ? inbox.id : null;
      },
      feedIdOf: async (url) => {
        const normalized = normalizeFeedUrl(url);
        return normalized ? ((await deps.feedsRepo.findByUrl(normalized))?.id ?? null) : null;
      },
    }),
  );
  app.route("/api/categories", categoryRoutes({ subscriptions: deps.subscriptions, requireUser }));
  app.route("/api/entries", entryRoutes({ entries: deps.entries, requireUser }));
  app.route("/api/reads", readRoutes({ reads: deps.reads, requireUser }));
  app.route("/api/collections", collectionRoutes({ collections: deps.collections, requireUser }));
  app.route("/api/ai", aiRoutes({ ai: deps.ai, requireUser }));
  app.route("/api/actions", actionsModule({ deps, requireUser, optionalUser }));
  const context = { deps, requireUser, optionalUser };
  for (const module of [listsModule, inboxesModule, profilesModule, feedInfoModule, searchModule, discoverModule, opmlModule, filesModule, imagesModule, messagingModule, integrationsModule, rsshubModule, powerModule]) {
    app.route("/api", module(context));
  }
  // Share pages, their pictures and their public data: before the web client's catch-all.
  app.route("/", shareModule(context, { webDistDir: options.webDistDir }));
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
