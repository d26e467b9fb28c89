import { idFloorAt } from "@tidings/contracts";
import type { Executor } from "../../db/client.ts";
import type { RequestUser } from "../../http/context.ts";
import type { Platform } from "../../platform.ts";
import type { TimelineRepo } from "../../timeline/timeline.repo.ts";
import type { AppPasswordsService } from "../app-passwords/index.ts";
import type { FeatureModule } from "../module.ts";
import type { SubscriptionsService } from "../subscriptions/index.ts";
import type { SignInThrottle } from "./greader.auth.ts";
import { createGreaderItemsRepo } from "./greader-items.repo.ts";
import { createGreaderReader } from "./greader-read.service.ts";
import { createGreaderRepo } from "./greader.repo.ts";
import { greaderRoutes } from "./greader.routes.ts";
import { createGreaderWriter } from "./greader-write.service.ts";

export interface GreaderPorts {
  platform: Pick<Platform, "db" | "clock" | "logger">;
  appPasswords: AppPasswordsService;
  throttle: SignInThrottle;
  trustProxy: boolean;
  timeline: Pick<TimelineRepo, "markRead" | "markUnread" | "markAll">;
  subscriptions: Pick<SubscriptionsService, "subscribe" | "update" | "unsubscribe" | "setCategory">;
  opml: { exportOpml(user: RequestUser): Promise<string>; importOpml(user: RequestUser, bytes: Uint8Array): Promise<unknown> };
  /** Retries a write that lost a deadlock or serialisation race. */
  retry: <T>(work: () => Promise<T>) => Promise<T>;
}

/**
 * The Google Reader API as FreshRSS and Miniflux serve it (`/greader`, `/greader.php`), for the
 * reader apps people use on phones and desktops. Apps sign in with an app password.
 */
export function createGreaderModule(ports: GreaderPorts) {
  const { db, clock, logger } = ports.platform;
  const repo = createGreaderRepo(db);
  const reader = createGreaderReader({ repo, items: createGreaderItemsRepo(db), idFloorAt });
  const writer = createGreaderWriter({
    repo,
    reader,
    clock,
    transaction: <T>(work: (tx: Executor) => Promise<T>) => db.transaction(work),
    retry: ports.retry,
    timeline: ports.timeline,
    subscriptions: ports.subscriptions,
    idFloorAt,
  });
  const deps = { appPasswords: ports.appPasswords, throttle: ports.throttle, trustProxy: ports.trustProxy, reader, writer, clock, logger, opml: ports.opml };
  return {
    routes: () => greaderRoutes(deps),
  } satisfies FeatureModule & Record<string, unknown>;
}
