import { ErrorCode } from "@tidings/contracts";
import type { Executor } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import type { RequestUser } from "../../http/context.ts";
import type { Clock } from "../../lib/clock.ts";
import { assertSettingsSize, mergeSettings, parseSettingsPatch, type SettingsPayload } from "./settings-payload.ts";
import { SETTING_TABS, type SettingTab, type SettingsRepo } from "./settings.repo.ts";

export interface SettingsServiceDeps {
  repo: SettingsRepo;
  clock: Clock;
  /** Runs work in one database transaction. */
  transaction: <T>(work: (tx: Executor) => Promise<T>) => Promise<T>;
}

/** GET /settings: payload and time of last change per tab. */
export interface SettingsSnapshot {
  settings: Record<string, SettingsPayload>;
  updated: Record<string, string>;
}

/** 7001 unless `tab` is one of the stored tabs. */
function parseTab(tab: string): SettingTab {
  const found = SETTING_TABS.find((known) => known === tab);
  if (!found) throw new AppError(ErrorCode.InvalidSettingTab, { reason: `Unknown tab "${tab}"; tabs are ${SETTING_TABS.join(", ")}` });
  return found;
}

/** Synced settings: one JSON payload per user and tab, only ever the caller's own. */
export function createSettingsService(deps: SettingsServiceDeps) {
  const { repo } = deps;
  return {
    /** Every tab the caller has stored, or the one asked for (empty maps when it was never saved). */
    async get(user: RequestUser, tab?: string): Promise<SettingsSnapshot> {
      const rows = await repo.list(user.id, tab === undefined ? undefined : parseTab(tab));
      return {
        settings: Object.fromEntries(rows.map((row) => [row.tab, row.payload])),
        updated: Object.fromEntries(rows.map((row) => [row.tab, row.updatedAt.toISOString()])),
      };
    },

    /** PATCH /settings/:tab: merges a JSON object (raw request text) into the stored payload. */
    async update(user: RequestUser, tab: string, body: string): Promise<{ updated: string }> {
      const known = parseTab(tab);
      const patch = parseSettingsPatch(body);
      const now = deps.clock.now();
      await deps.transaction(async (tx) => {
        const row = await repo.lock(tx, user.id, known);
        const merged = mergeSettings(row.payload, patch);
        // Throwing here rolls back the empty row `lock` may have created.
        assertSettingsSize(merged);
        await repo.write(tx, user.id, known, merged, now);
      });
      return { updated: now.toISOString() };
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
