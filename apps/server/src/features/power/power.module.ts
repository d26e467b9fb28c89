import { Hono } from "hono";
import type { Executor } from "../../db/client.ts";
import type { AppEnv } from "../../http/context.ts";
import type { Platform } from "../../platform.ts";
import type { FeatureModule } from "../module.ts";
import type { PowerConfig } from "./power.config.ts";
import { createPower } from "./power.ts";
import { powerRoutes } from "./power.routes.ts";
import { payInvitation, payListFee, rsshubPayments } from "./purchases.ts";

export interface PowerPorts {
  platform: Pick<Platform, "db" | "ids" | "clock" | "logger" | "secret">;
  config: PowerConfig;
  /** Throws 4007/4008 unless `code` is the reader's current two-factor code (when they have it on). */
  checkTwoFactor: (userId: string, code: string | undefined) => Promise<void>;
}

/**
 * POWER: the ledger, wallets, tips, boosts, daily rewards and achievements (`/wallets…`,
 * `/boosts…`, `/achievement…`), and what other features charge through it (paid lists, paid
 * RSSHub instances, invitation codes). With `POWER=false` it has no routes and charges nothing.
 */
export function createPowerModule(ports: PowerPorts) {
  const { db, clock } = ports.platform;
  const power = createPower({ ...ports.platform, config: ports.config, checkTwoFactor: ports.checkTwoFactor });
  const { ledger } = power;
  const enabled = ports.config.enabled;
  return {
    ...power,
    /** What other features charge through the ledger; null without POWER. */
    purchases: enabled
      ? {
          listFee: (tx: Executor, userId: string, list: { id: string; ownerUserId: string; fee: number }, now: Date) => payListFee(ledger, tx, userId, list, now),
          invitation: (tx: Executor, userId: string, price: number, now: Date) => payInvitation(ledger, tx, userId, price, now),
          rsshub: rsshubPayments({ ledger, db, now: () => clock.now(), checkTwoFactor: ports.checkTwoFactor }),
        }
      : null,
    // With POWER=false there are no routes: they answer 404 like any unknown path.
    routes: ({ requireUser }) => (enabled ? powerRoutes({ power, requireUser }) : new Hono<AppEnv>()),
    jobs: [{ name: "power", start: () => power.start(), stop: () => power.stop() }],
  } satisfies FeatureModule & Record<string, unknown>;
}

export type PowerModule = ReturnType<typeof createPowerModule>;
