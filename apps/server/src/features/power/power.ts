import type { IdGenerator } from "@tidings/contracts";
import type { Database } from "../../db/client.ts";
import { createJobRunner } from "../../db/job-queue.ts";
import type { RetrySchedule } from "../../lib/claim-loop.ts";
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

/** How often today's daily rewards are looked at (computed at the first look of a UTC day). */
const DAILY_CHECK_MS = 5 * 60 * 1000;
/** A scheduled run that failed is tried again within its slot: after 30 s, then 1 min. */
const SCHEDULED_RETRY: RetrySchedule = { attempts: 3, firstMs: 30_000, factor: 2, maxMs: 5 * 60_000, jitter: 0.2 };

/** POWER's parts: the ledger and what is built on it. */
export interface Power {
  enabled: boolean;
  ledger: Ledger;
  wallets: ReturnType<typeof createWalletService>;
  boosts: ReturnType<typeof createBoostsService>;
  daily: ReturnType<typeof createDailyRewards>;
  achievements: ReturnType<typeof createAchievements>;
  /** The scheduled work, run by one process at a time: the daily rewards, and boost levels kept current as boosts run out (hourly). */
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
  // One run of each per slot across every process (the job queue's periodic jobs): today's rewards
  // looked at every 5 minutes (computed once a day: the run's row is its lock), boost levels hourly.
  const scheduled = [
    createJobRunner<unknown>({ db, kind: "power-daily", everyMs: DAILY_CHECK_MS, retry: SCHEDULED_RETRY, run: async () => void (await daily.compute()), logger, clock }),
    createJobRunner<unknown>({ db, kind: "power-boost-levels", everyMs: 60 * 60_000, retry: SCHEDULED_RETRY, run: async () => void (await boosts.refreshLevels()), logger, clock }),
  ];
  return {
    enabled: config.enabled,
    ledger,
    wallets: createWalletService({ repo: createWalletRepo(db), ledger, clock, today: (userId) => daily.today(userId), checkTwoFactor }),
    boosts,
    daily,
    achievements: createAchievements({ db, ledger, clock }),
    start() {
      if (!config.enabled) return;
      for (const runner of scheduled) runner.start();
    },
    async stop() {
      await Promise.all(scheduled.map((runner) => runner.stop()));
    },
  };
}
