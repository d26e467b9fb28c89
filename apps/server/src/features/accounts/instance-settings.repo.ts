import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { instanceSettings } from "../../db/schema/index.ts";

/** Instance-wide settings, one JSON value per key; `undefined` for a key never stored. */
export function createInstanceSettingsRepo(db: Database) {
  return {
    async get(key: string): Promise<unknown> {
      const [row] = await db.select({ value: instanceSettings.value }).from(instanceSettings).where(eq(instanceSettings.key, key));
      return row?.value;
    },

    async set(key: string, value: unknown, at: Date): Promise<void> {
      await db
        .insert(instanceSettings)
        .values({ key, value, updatedAt: at })
        .onConflictDoUpdate({ target: instanceSettings.key, set: { value, updatedAt: at } });
    },
  };
}

export type InstanceSettingsRepo = ReturnType<typeof createInstanceSettingsRepo>;
