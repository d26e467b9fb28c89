import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { integrationSettings } from "../../db/schema/index.ts";

export type IntegrationSettingsRow = typeof integrationSettings.$inferSelect;

/** The `integration_settings` table: one sealed blob per reader who syncs them. */
export function createIntegrationsRepo(db: Database) {
  return {
    async find(userId: string): Promise<IntegrationSettingsRow | null> {
      const [row] = await db.select().from(integrationSettings).where(eq(integrationSettings.userId, userId));
      return row ?? null;
    },

    async save(userId: string, sealed: string, updatedAt: Date): Promise<void> {
      await db
        .insert(integrationSettings)
        .values({ userId, sealed, updatedAt })
        .onConflictDoUpdate({ target: integrationSettings.userId, set: { sealed, updatedAt } });
    },

    async remove(userId: string): Promise<void> {
      await db.delete(integrationSettings).where(eq(integrationSettings.userId, userId));
    },
  };
}

export type IntegrationsRepo = ReturnType<typeof createIntegrationsRepo>;
