import { Hono } from "hono";
import type { AppEnv, RequestUser } from "../../http/context.ts";
import { createSealedBox } from "../../lib/sealed-box.ts";
import type { Platform } from "../../platform.ts";
import type { EntriesService } from "../entries/index.ts";
import type { FeatureModule } from "../module.ts";
import type { AiConfig } from "./ai.config.ts";
import { aiRoutes } from "./ai.routes.ts";
import type { AiEntry } from "./ai-context.ts";
import { createAiProviders } from "./ai-providers.ts";
import { createAiRepo } from "./ai.repo.ts";
import { createAiService } from "./ai.service.ts";
import { createDailyScheduler } from "./daily-scheduler.ts";

export interface AiPorts {
  /** A reader's own provider is held to the platform's private-network policy. */
  platform: Platform;
  config: AiConfig & { sharedAddresses: readonly string[] };
  /** Entries are read through the entries feature (its visibility rules). */
  entries: Pick<EntriesService, "get" | "readability">;
  canSee: (userId: string, entryId: string) => Promise<boolean>;
}

/**
 * The AI helpers (`/ai…`): summaries, translations, daily reports and speech, on the instance's
 * provider or a reader's own; the daily reports are made in the background, by one process each
 * (daily-scheduler.ts).
 */
export function createAiModule(ports: AiPorts) {
  const input = { ...ports.platform, canSee: ports.canSee };
  const { config, entries } = ports;
  const repo = createAiRepo(input.db);
  const logger = input.logger.child({ module: "ai" });
  const service = createAiService({
    repo,
    providers: createAiProviders({ config, repo, box: createSealedBox(input.secret, "ai-provider-keys"), network: input.network }),
    clock: input.clock,
    logger,
    dailyLimit: config.dailyLimit,
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
  const daily = createDailyScheduler({ db: input.db, clock: input.clock, logger, reports: service.daily });
  return {
    ...service,
    /** The daily reports' background jobs (tests reach for `runScheduled`). */
    dailyScheduler: daily,
    routes: ({ requireUser }) => new Hono<AppEnv>().route("/ai", aiRoutes({ ai: service, requireUser })),
    jobs: [{ name: "ai-daily", start: () => daily.start(), stop: () => daily.stop() }],
  } satisfies FeatureModule & Record<string, unknown>;
}

export type AiModule = ReturnType<typeof createAiModule>;
