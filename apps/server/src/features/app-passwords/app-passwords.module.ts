import { Hono } from "hono";
import type { AppEnv } from "../../http/context.ts";
import type { Platform } from "../../platform.ts";
import type { FeatureModule } from "../module.ts";
import { createAppPasswordsRepo } from "./app-passwords.repo.ts";
import { appPasswordRoutes } from "./app-passwords.routes.ts";
import { createAppPasswordsService } from "./app-passwords.service.ts";

export interface AppPasswordsPorts {
  platform: Pick<Platform, "db" | "ids" | "clock" | "secret">;
}

/** Passwords for reader apps (`/app-passwords`), and how the sync APIs sign in with them. */
export function createAppPasswordsModule(ports: AppPasswordsPorts) {
  const { db, ids, clock, secret } = ports.platform;
  const appPasswords = createAppPasswordsService({ repo: createAppPasswordsRepo(db), ids, clock, secret });
  return {
    appPasswords,
    routes: ({ requireUser }) => new Hono<AppEnv>().route("/app-passwords", appPasswordRoutes({ appPasswords, requireUser })),
  } satisfies FeatureModule & Record<string, unknown>;
}
