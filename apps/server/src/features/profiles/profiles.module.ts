import { Hono } from "hono";
import type { AppEnv } from "../../http/context.ts";
import type { ModuleContext } from "../module.ts";
import { createProfilesRepo } from "./profiles.repo.ts";
import { profileRoutes } from "./profiles.routes.ts";
import { createProfilesService } from "./profiles.service.ts";
import { createSettingsRepo } from "./settings.repo.ts";
import { settingsRoutes } from "./settings.routes.ts";
import { createSettingsService } from "./settings.service.ts";
import { statusRoutes } from "./status.routes.ts";

/** /profiles, /settings and /status. Each route requires a session on its own, except /status and GET /profiles. */
export function profilesModule(context: ModuleContext) {
  const { deps, requireUser, optionalUser } = context;
  const profiles = createProfilesService({ repo: createProfilesRepo(deps.db) });
  const settings = createSettingsService({ repo: createSettingsRepo(deps.db), clock: deps.clock, transaction: (work) => deps.db.transaction(work) });
  return new Hono<AppEnv>()
    .route("/", profileRoutes({ profiles, requireUser, optionalUser }))
    .route("/", settingsRoutes({ settings, requireUser }))
    .route("/", statusRoutes(deps.config, { invitationsRequired: () => deps.accounts.invitationsRequired() }));
}
