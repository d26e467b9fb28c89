import { and, asc, eq } from "drizzle-orm";
import type { Database, Executor } from "../../db/client.ts";
import { settings, settingTab } from "../../db/schema/index.ts";

export type SettingRow = typeof settings.$inferSelect;
export type SettingTab = SettingRow["tab"];

/** The tabs stored on the server, as the database enum defines them. */
export const SETTING_TABS: readonly SettingTab[] = settingTab.enumValues;

/** The `settings` table: one payload per (user, tab); every query is scoped to one user. */
export function createSettingsRepo(db: Database) {
  return {
    /** A user's stored tabs (all, or one). */
    async list(userId: string, tab?: SettingTab): Promise<SettingRow[]> {
      const where = tab ? and(eq(settings.userId, userId), eq(settings.tab, tab)) : eq(settings.userId, userId);
      return db.select().from(settings).where(where).orderBy(asc(settings.tab));
    },

    /**
     * The row of (user, tab), created empty when missing, locked until the transaction ends: two
     * PATCHes of one tab then merge one after the other instead of losing each other's keys.
     */
    async lock(executor: Executor, userId: string, tab: SettingTab): Promise<SettingRow> {
      await executor.insert(settings).values({ userId, tab, payload: {} }).onConflictDoNothing();
      const [row] = await executor
        .select()
        .from(settings)
        .where(and(eq(settings.userId, userId), eq(settings.tab, tab)))
        .for("update");
      return row!;
    },

    async write(executor: Executor, userId: string, tab: SettingTab, payload: Record<string, unknown>, updatedAt: Date): Promise<void> {
      await executor
        .update(settings)
        .set({ payload, updatedAt })
        .where(and(eq(settings.userId, userId), eq(settings.tab, tab)));
    },
  };
}

export type SettingsRepo = ReturnType<typeof createSettingsRepo>;
