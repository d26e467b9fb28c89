import type { Database } from "../../db/client.ts";
import type { Config } from "../../env.ts";
import type { RequestUser } from "../../http/context.ts";
import type { Clock } from "../../lib/clock.ts";
import type { NetworkPolicy } from "../../lib/http/index.ts";
import type { Logger } from "../../lib/logger.ts";
import { createSealedBox } from "../../lib/sealed-box.ts";
import type { EntriesService } from "../entries/entries.service.ts";
import type { AiEntry } from "./ai-context.ts";
import { createAiProviders } from "./ai-providers.ts";
import { createAiRepo } from "./ai.repo.ts";
import { createAiService } from "./ai.service.ts";

/** How often the daily reports of readers who asked for them are looked for (after 8 AM and 8 PM in each zone). */
const DAILY_INTERVAL_MS = 10 * 60 * 1000;

/** Builds the AI helpers over the database; entries are read through the entries service (its visibility rules). */
export function createAi(input: {
  config: Config;
  db: Database;
  clock: Clock;
  logger: Logger;
  /** The private-network policy a reader's own provider is held to. */
  network: NetworkPolicy;
  secret: string;
  entries: EntriesService;
  canSee: (userId: string, entryId: string) => Promise<boolean>;
}) {
  const { config, entries } = input;
  const repo = createAiRepo(input.db);
  const logger = input.logger.child({ module: "ai" });
  const service = createAiService({
    repo,
    providers: createAiProviders({ config, repo, box: createSealedBox(input.secret, "ai-provider-keys"), network: input.network }),
    clock: input.clock,
    logger,
    dailyLimit: config.ai.dailyLimit,
    entryFor: async (user: RequestUser, entryId: string): Promise<AiEntry> => {
      const { entries: entry } = await entries.get(user, entryId);
      return {
        id: entry.id,
        title: entry.title ?? null,
        description: entry.description ?? null,
        content: entry.content ?? null,
        readabilityContent: entry.readabilityContent ?? null,
        url: entry.url ?? null,
      };
    },
    readabilityFor: async (user, entryId) => (await entries.readability(user, entryId)).content,
    canSee: (user, entryId) => input.canSee(user.id, entryId),
  });
  return {
    ...service,
    /** Starts making daily reports in the background; returns the function that stops it. */
    startDailyReports(): () => void {
      let running = false;
      const timer = setInterval(() => {
        if (running) return;
        running = true;
        service.daily
          .runScheduled()
          .catch((error: unknown) => logger.error({ err: error }, "daily reports failed"))
          .finally(() => (running = false));
      }, DAILY_INTERVAL_MS);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}

export type Ai = ReturnType<typeof createAi>;
