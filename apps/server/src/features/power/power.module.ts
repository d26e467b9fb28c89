import type { IdGenerator } from "@tidings/contracts";
import { Hono } from "hono";
import type { Database } from "../../db/client.ts";
import type { Config } from "../../env.ts";
import type { AppEnv } from "../../http/context.ts";
import type { Clock } from "../../lib/clock.ts";
import type { Logger } from "../../lib/logger.ts";
import type { ModuleContext } from "../module.ts";
import { createAchievements } from "./achievements.service.ts";
import { createBoostsRepo } from "./boosts.repo.ts";
import { createBoostsService } from "./boosts.service.ts";
import { createDailyRewards } from "./daily.service.ts";
import { createLedger, type Ledger } from "./ledger.ts";
import { powerRoutes } from "./power.routes.ts";
import { createWalletRepo } from "./wallet.repo.ts";
import { createWalletService } from "./wallet.service.ts";

/** POWER's parts: the ledger and what is built on it. */
export interface Power {
  enabled: boolean;
  ledger: Ledger;
  wallets: ReturnType<typeof createWalletService>;
  boosts: ReturnType<typeof createBoostsService>;
  daily: ReturnType<typeof createDailyRewards>;
  achievements: ReturnType<typeof createAchievements>;
  /** The scheduled work: the daily rewards, and boost levels kept current as boosts run out (hourly). */
  start(): void;
  stop(): Promise<void>;
}

export function createPower(input: {
  config: Config;
  db: Database;
  ids: IdGenerator;
  clock: Clock;
  logger: Logger;
  secret: string;
  checkTwoFactor: (userId: string, code: string | undefined) => Promise<void>;
}): Power {
  const { config, db, clock, checkTwoFactor } = input;
  const logger = input.logger.child({ module: "power" });
  const ledger = createLedger({ db, ids: input.ids, secret: input.secret });
  const daily = createDailyRewards({ db, ledger, clock, logger, dailySupply: config.power.dailySupply });
  const boosts = createBoostsService({ repo: createBoostsRepo(db), ledger, clock, monthlyCost: config.power.boostMonthlyCost, checkTwoFactor });
  let levels: NodeJS.Timeout | null = null;
  const refreshLevels = () => void boosts.refreshLevels().catch((error: unknown) => logger.error({ err: error }, "boost levels could not be refreshed"));
  return {
    enabled: config.power.enabled,
    ledger,
    wallets: createWalletService({ repo: createWalletRepo(db), ledger, clock, today: (userId) => daily.today(userId), checkTwoFactor }),
    boosts,
    daily,
    achievements: createAchievements({ db, ledger, clock }),
    start() {
      if (!config.power.enabled || levels) return;
      daily.start();
      refreshLevels();
      levels = setInterval(refreshLevels, 60 * 60 * 1000);
      levels.unref();
    },
    async stop() {
      if (levels) clearInterval(levels);
      levels = null;
      await daily.stop();
    },
  };
}

/** The POWER routes; with `POWER=false` there are none (they answer 404 like any unknown path). */
export function powerModule(context: ModuleContext): Hono<AppEnv> {
  const { power } = context.deps;
  if (!power.enabled) return new Hono<AppEnv>();
  return powerRoutes({ power, requireUser: context.requireUser });
}
