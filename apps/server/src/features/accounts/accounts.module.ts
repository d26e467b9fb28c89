import { Hono } from "hono";
import type { AppEnv } from "../../http/context.ts";
import type { Platform } from "../../platform.ts";
import type { FeatureModule } from "../module.ts";
import { createAccountsRepo } from "./accounts.repo.ts";
import { createAccountsService } from "./accounts.service.ts";
import { instanceRoutes } from "./instance.routes.ts";
import { createInstanceSettingsRepo } from "./instance-settings.repo.ts";
import { createSignInFailuresRepo } from "./sign-in-failures.repo.ts";
import { createSignInGuard } from "./sign-in-guard.service.ts";
import { createTotpGuard } from "./totp-guard.ts";
import { createTwoFactorsRepo } from "./two-factors.repo.ts";

export interface AccountsPorts {
  /** Built before the private-network policy, which asks this feature who is an admin. */
  platform: Pick<Platform, "db" | "clock" | "logger" | "secret">;
  /** INVITATIONS_REQUIRED at start; an admin may change it at run time. */
  invitationsRequired: boolean;
}

/**
 * Accounts as the rest of the server sees them: roles and the first admin, the run-time
 * instance settings (`/admin/instance`), two-factor codes and the sign-in throttle.
 */
export function createAccountsModule(ports: AccountsPorts) {
  const { db, clock, logger, secret } = ports.platform;
  const repo = createAccountsRepo(db);
  const accounts = createAccountsService({ repo, instanceSettings: createInstanceSettingsRepo(db), clock, logger, defaults: { invitationsRequired: ports.invitationsRequired } });
  const totpGuard = createTotpGuard({ repo: createTwoFactorsRepo(db), secret, clock });
  return {
    accounts,
    /** Whether an account is an administrator (false for an unknown one). */
    isAdmin: (userId: string) => repo.isAdmin(userId),
    /** Throws 4007/4008 unless `code` is the account's current two-factor code (when it has two-factor on). */
    checkTwoFactor: (userId: string, code: string | undefined) => totpGuard.check(userId, code),
    signInGuard: createSignInGuard({ repo: createSignInFailuresRepo(db), clock }),
    routes: ({ requireUser }) => new Hono<AppEnv>().route("/admin/instance", instanceRoutes({ accounts, requireUser })),
  } satisfies FeatureModule & Record<string, unknown>;
}

export type AccountsModule = ReturnType<typeof createAccountsModule>;
