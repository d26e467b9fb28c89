import type { RequestUser } from "../../http/context.ts";
import type { ModuleContext } from "../module.ts";
import { createCardRenderer } from "./og-render.ts";
import { createOgImages } from "./og-images.ts";
import { createPictureFetcher } from "./og-picture.ts";
import { createShareRepo } from "./share.repo.ts";
import { shareRoutes } from "./share.routes.ts";
import { createShareService } from "./share.service.ts";
import { createShell, readIndexHtml } from "./share-shell.ts";

/** Nobody: whose view of another reader's subscriptions is the public one (feeds and lists not marked private). */
const NOBODY: RequestUser = { id: "", email: "", name: "", role: "trial", isAdmin: false };

/** Share images kept in memory (~50 KB each); the picture of a feed or person is fetched at most hourly. */
const OG_CACHE_BYTES = 64 * 1024 * 1024;
const PICTURE_TIMEOUT_MS = 1500;
const PICTURE_MAX_BYTES = 1024 * 1024;
const PICTURE_TTL_MS = 60 * 60 * 1000;

/**
 * Share pages, their pictures and their data (`/share/*`, `/u/:handle`, `/og/*`, `/api/share/*`),
 * mounted at the root. `webDistDir` is the web client's build, whose index.html the pages fill in.
 */
export function shareModule(context: ModuleContext, options: { webDistDir?: string | undefined } = {}) {
  const { deps } = context;
  const share = createShareService({
    repo: createShareRepo(deps.db),
    publicSubscriptions: (userId) => deps.subscriptions.list(NOBODY, { userId }),
  });
  const og = createOgImages({
    renderer: createCardRenderer(),
    pictures: createPictureFetcher({ http: deps.http, timeoutMs: PICTURE_TIMEOUT_MS, maxBytes: PICTURE_MAX_BYTES, ttlMs: PICTURE_TTL_MS }),
    footer: new URL(deps.config.server.webUrl).host,
    cacheBytes: OG_CACHE_BYTES,
    concurrency: 2,
  });
  return shareRoutes({ share, og, shell: createShell(readIndexHtml(options.webDistDir)), context: { webUrl: deps.config.server.webUrl } });
}
