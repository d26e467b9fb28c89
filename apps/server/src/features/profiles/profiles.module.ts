import { Hono } from "hono";
import type { AppEnv } from "../../http/context.ts";
import type { Platform } from "../../platform.ts";
import type { FeatureModule } from "../module.ts";
import { createProfilesRepo } from "./profiles.repo.ts";
import { profileRoutes } from "./profiles.routes.ts";
import { createProfilesService } from "./profiles.service.ts";
import { createSettingsRepo } from "./settings.repo.ts";
import { settingsRoutes } from "./settings.routes.ts";
import { createSettingsService } from "./settings.service.ts";
import { statusRoutes } from "./status.routes.ts";

export interface ProfilesPorts {
  platform: Pick<Platform, "db" | "clock">;
  /** What `GET /status/configs` tells the client (the instance's limits and switches). */
  clientConfig: object;
  /** INVITATIONS_REQUIRED as it is now (an admin may change it at run time). */
  invitationsRequired: () => Promise<boolean>;
}

/** `/profiles`, `/settings` (synced per tab) and `/status/configs`. Each route requires a session on its own, except /status and GET /profiles. */
export function createProfilesModule(ports: ProfilesPorts) {
  const { db, clock } = ports.platform;
  const profiles = createProfilesService({ repo: createProfilesRepo(db) });
  const settings = createSettingsService({ repo: createSettingsRepo(db), clock, transaction: (work) => db.transaction(work) });
  return {
    routes: ({ requireUser, optionalUser }) =>
      new Hono<AppEnv>()
        .route("/", profileRoutes({ profiles, requireUser, optionalUser }))
        .route("/", settingsRoutes({ settings, requireUser }))
        .route("/", statusRoutes({ configs: ports.clientConfig, invitationsRequired: ports.invitationsRequired })),
  } satisfies FeatureModule & Record<string, unknown>;
}
