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

/** How often the daily reports of readers who asked for them are looked for (after 8 AM and 8 PM in each zone). */
const DAILY_INTERVAL_MS = 10 * 60 * 1000;

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
 * provider or a reader's own; the daily reports are made in the background.
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
  let stopDaily: (() => void) | null = null;
  return {
    ...service,
    routes: ({ requireUser }) => new Hono<AppEnv>().route("/ai", aiRoutes({ ai: service, requireUser })),
    // Daily reports of readers who asked for them, looked for every DAILY_INTERVAL_MS.
    jobs: [
      {
        name: "ai-daily",
        start() {
          if (stopDaily) return;
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
          stopDaily = () => clearInterval(timer);
        },
        async stop() {
          stopDaily?.();
          stopDaily = null;
        },
      },
    ],
  } satisfies FeatureModule & Record<string, unknown>;
}

export type AiModule = ReturnType<typeof createAiModule>;
