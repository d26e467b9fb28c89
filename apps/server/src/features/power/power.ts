import type { IdGenerator } from "@tidings/contracts";
import type { Database } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import type { Logger } from "../../lib/logger.ts";
import type { PowerConfig } from "./power.config.ts";
import { createAchievements } from "./achievements.service.ts";
import { createBoostsRepo } from "./boosts.repo.ts";
import { createBoostsService } from "./boosts.service.ts";
import { createDailyRewards } from "./daily.service.ts";
import { createLedger, type Ledger } from "./ledger.ts";
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
  config: PowerConfig;
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
  const daily = createDailyRewards({ db, ledger, clock, logger, dailySupply: config.dailySupply });
  const boosts = createBoostsService({ repo: createBoostsRepo(db), ledger, clock, monthlyCost: config.boostMonthlyCost, checkTwoFactor });
  let levels: NodeJS.Timeout | null = null;
  const refreshLevels = () => void boosts.refreshLevels().catch((error: unknown) => logger.error({ err: error }, "boost levels could not be refreshed"));
  return {
    enabled: config.enabled,
    ledger,
    wallets: createWalletService({ repo: createWalletRepo(db), ledger, clock, today: (userId) => daily.today(userId), checkTwoFactor }),
    boosts,
    daily,
    achievements: createAchievements({ db, ledger, clock }),
    start() {
      if (!config.enabled || levels) return;
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
