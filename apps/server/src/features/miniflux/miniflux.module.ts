import type { RequestUser } from "../../http/context.ts";
import type { Platform } from "../../platform.ts";
import { retryOnConflict } from "../../db/retry.ts";
import type { TimelineRepo } from "../../timeline/timeline.repo.ts";
import type { FeatureModule } from "../module.ts";
import type { SubscriptionsService } from "../subscriptions/index.ts";
import { createMinifluxRepo } from "./miniflux.repo.ts";
import { minifluxRoutes, type MinifluxRouteDeps } from "./miniflux.routes.ts";
import { createMinifluxService, type MinifluxStars } from "./miniflux.service.ts";

export interface MinifluxPorts {
  platform: Pick<Platform, "db" | "clock">;
  appPasswords: Pick<MinifluxRouteDeps, "fromPassword" | "fromEmailAndPassword">;
  timeline: Pick<TimelineRepo, "markRead" | "markUnread" | "markAll">;
  stars: MinifluxStars;
  subscriptions: Pick<SubscriptionsService, "subscribe" | "update" | "unsubscribe" | "setCategory">;
  opml: MinifluxRouteDeps["opml"];
  refreshSoon(): void;
  webUrl: string;
  inboxEmailSuffix: string;
  icon?: (url: string) => Promise<{ type: string; bytes: Buffer } | null>;
}

/** Miniflux's REST API (`/v1`, and `/api/v1`) for apps written for Miniflux, signed in with an app password. */
export function createMinifluxModule(ports: MinifluxPorts) {
  const { db, clock } = ports.platform;
  const miniflux = createMinifluxService({
    repo: createMinifluxRepo(db),
    timeline: ports.timeline,
    stars: ports.stars,
    subscriptions: ports.subscriptions,
    clock,
    retry: retryOnConflict,
    webUrl: ports.webUrl,
    inboxEmailSuffix: ports.inboxEmailSuffix,
    ...(ports.icon ? { icon: ports.icon } : {}),
  });
  const routes = () =>
    minifluxRoutes({
      miniflux,
      fromPassword: (password: string): Promise<RequestUser | null> => ports.appPasswords.fromPassword(password),
      fromEmailAndPassword: (email: string, password: string) => ports.appPasswords.fromEmailAndPassword(email, password),
      opml: ports.opml,
      refreshSoon: ports.refreshSoon,
    });
  return {
    // `/api/v1/…` (an app given the address with /api) and `/v1/…` (Miniflux's own paths).
    routes,
    site: routes,
  } satisfies FeatureModule & Record<string, unknown>;
}
