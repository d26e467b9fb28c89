import type { Subscription } from "@tidings/contracts";
import type { RequestUser } from "../../http/context.ts";
import type { HttpClient } from "../../lib/http/index.ts";
import type { Platform } from "../../platform.ts";
import type { FeatureModule } from "../module.ts";
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

export interface SharePorts {
  platform: Pick<Platform, "db" | "network">;
  webUrl: string;
  /** A reader's subscriptions as `viewer` sees them (here: nobody, the public view). */
  subscriptionsOf: (viewer: RequestUser, userId: string) => Promise<Subscription[]>;
}

/**
 * Share pages, their pictures and their data (`/share/*`, `/u/:handle`, `/og/*`, `/api/share/*`),
 * mounted at the root. Their pictures come from public addresses only, whatever the
 * private-network policy allows readers.
 */
export function createShareModule(ports: SharePorts) {
  const { db, network } = ports.platform;
  const share = createShareService({ repo: createShareRepo(db), publicSubscriptions: (userId) => ports.subscriptionsOf(NOBODY, userId) });
  const http: HttpClient = network.publicHttp;
  const og = createOgImages({
    renderer: createCardRenderer(),
    pictures: createPictureFetcher({ http, timeoutMs: PICTURE_TIMEOUT_MS, maxBytes: PICTURE_MAX_BYTES, ttlMs: PICTURE_TTL_MS }),
    footer: new URL(ports.webUrl).host,
    cacheBytes: OG_CACHE_BYTES,
    concurrency: 2,
  });
  return {
    site: (_guards, web) => shareRoutes({ share, og, shell: createShell(readIndexHtml(web.webDistDir)), context: { webUrl: ports.webUrl } }),
  } satisfies FeatureModule & Record<string, unknown>;
}
