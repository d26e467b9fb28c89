import { and, eq, sql } from "drizzle-orm";
import { rowsOf, type Database } from "../../db/client.ts";
import { entryVisibleTo } from "../../db/sql-helpers.ts";
import { aiDailyReaders, aiDailyReports, aiSummaries, aiTranslations, aiUsage, aiUserSettings } from "../../db/schema/index.ts";

export type StoredTranslation = typeof aiTranslations.$inferSelect;
export type TranslationFields = Partial<Pick<StoredTranslation, "title" | "description" | "content" | "contentImmersive" | "readabilityContent" | "readabilityContentImmersive">>;

/** Storage of summaries, translations, the daily budget, readers' own providers and daily reports. */
export function createAiRepo(db: Database) {
  return {
    /** Keeps a summary; a provider's summary replaces an extractive one, never the reverse. */
    async saveSummary(entryId: string, language: string, target: string, summary: string, model: string | null): Promise<void> {
      await db
        .insert(aiSummaries)
        .values({ entryId, language, target, summary, model })
        .onConflictDoUpdate({
          target: [aiSummaries.entryId, aiSummaries.language, aiSummaries.target],
          set: { summary, model, createdAt: sql`now()` },
          setWhere: model === null ? sql`${aiSummaries.model} IS NULL` : undefined,
        });
    },

    /**
     * In one statement, whether `userId` may read the entry and its stored summary: what serving a
     * kept summary costs. `visible` is false for an entry that does not exist.
     */
    async summaryFor(userId: string, entryId: string, language: string, target: string): Promise<{ visible: boolean; kept: { summary: string; model: string | null } | null }> {
      const [row] = rowsOf<{ visible: boolean; summary: string | null; model: string | null }>(
        await db.execute(sql`
          SELECT ${entryVisibleTo(userId)} AS visible, s.summary, s.model
          FROM entries e
          LEFT JOIN ai_summaries s ON s.entry_id = e.id AND s.language = ${language} AND s.target = ${target}
          WHERE e.id = ${entryId}`),
      );
      if (!row) return { visible: false, kept: null };
      return { visible: row.visible === true, kept: row.summary === null ? null : { summary: row.summary, model: row.model } };
    },

    /** In one statement, whether `userId` may read the entry and its stored translation (see {@link summaryFor}). */
    async translationFor(userId: string, entryId: string, language: string): Promise<{ visible: boolean; kept: StoredTranslation | null }> {
      const [row] = await db
        .select({ visible: sql<boolean>`${entryVisibleTo(userId)}`, kept: aiTranslations })
        .from(sql`entries e`)
        .leftJoin(aiTranslations, and(sql`${aiTranslations.entryId} = e.id`, eq(aiTranslations.language, language)))
        .where(sql`e.id = ${entryId}`);
      if (!row) return { visible: false, kept: null };
      return { visible: row.visible === true, kept: row.kept };
    },

    async translation(entryId: string, language: string): Promise<StoredTranslation | null> {
      const [row] = await db.select().from(aiTranslations).where(and(eq(aiTranslations.entryId, entryId), eq(aiTranslations.language, language)));
      return row ?? null;
    },

    /** Adds translated fields (and fields found already in the language) to an entry's translation. */
    async saveTranslation(entryId: string, language: string, fields: TranslationFields, skipped: string[]): Promise<void> {
      const set: Record<string, unknown> = { ...fields, updatedAt: sql`now()` };
      if (skipped.length > 0) set.skipped = sql`ARRAY(SELECT DISTINCT unnest(coalesce(${aiTranslations.skipped}, '{}') || ${toTextArray(skipped)}))`;
      await db
        .insert(aiTranslations)
        .values({ entryId, language, ...fields, skipped: skipped.length ? skipped : null })
        .onConflictDoUpdate({ target: [aiTranslations.entryId, aiTranslations.language], set });
    },

    /**
     * Counts one provider call of a reader today (UTC) if the budget allows it, in one statement
     * (two requests at once cannot both take the last call). False when the budget is spent.
     */
    async takeCall(userId: string, day: string, limit: number): Promise<boolean> {
      const result = await db.execute(sql`
        INSERT INTO ai_usage (user_id, day, calls) VALUES (${userId}, ${day}, 1)
        ON CONFLICT (user_id, day) DO UPDATE SET calls = ai_usage.calls + 1
        WHERE ${limit} = 0 OR ai_usage.calls < ${limit}
        RETURNING calls`);
      return rowsOf(result).length > 0;
    },

    async callsOn(userId: string, day: string): Promise<number> {
      const [row] = await db.select({ calls: aiUsage.calls }).from(aiUsage).where(and(eq(aiUsage.userId, userId), eq(aiUsage.day, day)));
      return row?.calls ?? 0;
    },

    async userSettings(userId: string) {
      const [row] = await db.select().from(aiUserSettings).where(eq(aiUserSettings.userId, userId));
      return row ?? null;
    },

    async saveUserSettings(userId: string, values: { baseUrl: string | null; model: string | null; apiKeyEncrypted: string | null }): Promise<void> {
      await db
        .insert(aiUserSettings)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: aiUserSettings.userId, set: { ...values, updatedAt: sql`now()` } });
    },

    async dailyReport(userId: string, view: number, start: Date): Promise<{ report: string; createdAt: Date } | null> {
      const [row] = await db
        .select({ report: aiDailyReports.report, createdAt: aiDailyReports.createdAt })
        .from(aiDailyReports)
        .where(and(eq(aiDailyReports.userId, userId), eq(aiDailyReports.view, view), eq(aiDailyReports.start, start)));
      return row ?? null;
    },

    async saveDailyReport(userId: string, view: number, start: Date, report: string, entryCount: number): Promise<void> {
      await db
        .insert(aiDailyReports)
        .values({ userId, view, start, report, entryCount })
        .onConflictDoUpdate({ target: [aiDailyReports.userId, aiDailyReports.view, aiDailyReports.start], set: { report, entryCount, createdAt: sql`now()` } });
    },

    /** Remembers that a reader opened the daily report of a view, from which time zone, in which language. */
    async markDailyReader(userId: string, view: number, timeZone: string, language: string): Promise<void> {
      await db
        .insert(aiDailyReaders)
        .values({ userId, view, timeZone, language })
        .onConflictDoUpdate({ target: [aiDailyReaders.userId, aiDailyReaders.view], set: { timeZone, language, lastOpenedAt: sql`now()` } });
    },

    /** Readers who opened a daily report since `since`. */
    async dailyReaders(since: Date): Promise<{ userId: string; view: number; timeZone: string; language: string }[]> {
      return db
        .select({ userId: aiDailyReaders.userId, view: aiDailyReaders.view, timeZone: aiDailyReaders.timeZone, language: aiDailyReaders.language })
        .from(aiDailyReaders)
        .where(sql`${aiDailyReaders.lastOpenedAt} >= ${since.toISOString()}`);
    },

    /** A reader's delivered entries of a view published in [start, end), newest first. */
    async entriesInWindow(userId: string, view: number, start: Date, end: Date, limit: number) {
      const result = await db.execute(sql`
        SELECT DISTINCT ON (t.published_at, t.entry_id) e.id, e.title, e.url, e.description, left(coalesce(e.content, ''), 4000) AS content, e.published_at, f.title AS feed_title
        FROM timeline t JOIN entries e ON e.id = t.entry_id LEFT JOIN feeds f ON f.id = e.feed_id
        WHERE t.user_id = ${userId} AND t.view = ${view} AND t.published_at >= ${start.toISOString()} AND t.published_at < ${end.toISOString()}
        ORDER BY t.published_at DESC, t.entry_id DESC
        LIMIT ${limit}`);
      return rowsOf<{ id: string | number; title: string | null; url: string | null; description: string | null; content: string; published_at: string | Date; feed_title: string | null }>(result).map(
        (row) => ({ ...row, id: String(row.id) }),
      );
    },
  };
}

const toTextArray = (values: string[]) => sql`ARRAY[${sql.join(values.map((value) => sql`${value}`), sql`, `)}]::text[]`;

export type AiRepo = ReturnType<typeof createAiRepo>;
