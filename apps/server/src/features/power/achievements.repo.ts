import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { rowsOf, type Database, type Executor } from "../../db/client.ts";
import { achievements, feeds, invitations, lists, powerBoosts, powerTransactions, readMarks, subscriptions } from "../../db/schema/index.ts";
import type { AchievementMeasure } from "./achievement-catalogue.ts";

export type AchievementRow = typeof achievements.$inferSelect;

/** What a measurement says of one achievement; stored unless the row is already past measuring. */
export interface MeasuredAchievement {
  actionId: number;
  type: "incomplete" | "completed";
  progress: number;
  progressMax: number;
  doneAt: Date | null;
}

/** Counts no further than `cap` rows: progress past an achievement's maximum is never shown. */
const capped = (cap: number, rows: SQL) => sql`(SELECT count(*)::int FROM (${rows} LIMIT ${cap}) AS capped)`;

const MEASURES: Record<AchievementMeasure, (userId: string, cap: number) => SQL> = {
  claimedFeeds: (userId, cap) => capped(cap, sql`SELECT 1 FROM ${feeds} WHERE ${feeds.ownerUserId} = ${userId}`),
  ownedLists: (userId, cap) => capped(cap, sql`SELECT 1 FROM ${lists} WHERE ${lists.ownerUserId} = ${userId}`),
  topListSubscribers: (userId) => sql`(SELECT coalesce(max(n), 0)::int FROM (
    SELECT count(*) AS n FROM ${subscriptions} JOIN ${lists} ON ${lists.id} = ${subscriptions.listId}
    WHERE ${lists.ownerUserId} = ${userId} AND ${subscriptions.userId} <> ${userId} GROUP BY ${subscriptions.listId}) AS per_list)`,
  follows: (userId, cap) => capped(cap, sql`SELECT 1 FROM ${subscriptions} WHERE ${subscriptions.userId} = ${userId} AND ${subscriptions.type} IN ('feed', 'list')`),
  reads: (userId, cap) => capped(cap, sql`SELECT 1 FROM ${readMarks} WHERE ${readMarks.userId} = ${userId}`),
  tipsSent: (userId, cap) => capped(cap, sql`SELECT 1 FROM ${powerTransactions} WHERE ${powerTransactions.fromUserId} = ${userId} AND ${powerTransactions.type} = 'tip'`),
  boosts: (userId, cap) => capped(cap, sql`SELECT 1 FROM ${powerBoosts} WHERE ${powerBoosts.userId} = ${userId}`),
  invitationsUsed: (userId, cap) => capped(cap, sql`SELECT 1 FROM ${invitations} WHERE ${invitations.fromUserId} = ${userId} AND ${invitations.usedAt} IS NOT NULL`),
};

/** Rows still open to measurement: the others (audit, completed, received) only move by request. */
const MEASURABLE = sql`${achievements.type} IN ('incomplete', 'checking')`;

export function createAchievementsRepo(db: Database) {
  return {
    /** Each measure counted for the user in one query, up to its cap. */
    async measure(userId: string, caps: Map<AchievementMeasure, number>): Promise<Map<AchievementMeasure, number>> {
      const wanted = [...caps];
      if (wanted.length === 0) return new Map();
      const columns = sql.join(
        wanted.map(([measure, cap]) => sql`${MEASURES[measure](userId, cap)} AS ${sql.identifier(measure)}`),
        sql`, `,
      );
      const [row] = rowsOf<Record<string, number | string>>(await db.execute(sql`SELECT ${columns}`));
      return new Map(wanted.map(([measure]) => [measure, Number(row?.[measure] ?? 0)]));
    },

    /**
     * Stores what was measured. A row already under audit, completed or received keeps its state
     * (the check is made on the locked row, so a claim at the same moment is never undone), and
     * a row that would not change is not written.
     */
    async sync(userId: string, measured: MeasuredAchievement[]): Promise<void> {
      if (measured.length === 0) return;
      await db
        .insert(achievements)
        .values(measured.map((row) => ({ userId, ...row })))
        .onConflictDoUpdate({
          target: [achievements.userId, achievements.actionId],
          set: {
            type: sql`excluded.type`,
            progress: sql`excluded.progress`,
            progressMax: sql`excluded.progress_max`,
            doneAt: sql`excluded.done_at`,
          },
          setWhere: sql`${MEASURABLE} AND (${achievements.type}, ${achievements.progress}, ${achievements.progressMax}) IS DISTINCT FROM (excluded.type, excluded.progress, excluded.progress_max)`,
        });
    },

    async find(userId: string, actionIds: number[]): Promise<AchievementRow[]> {
      if (actionIds.length === 0) return [];
      return db
        .select()
        .from(achievements)
        .where(and(eq(achievements.userId, userId), inArray(achievements.actionId, actionIds)));
    },

    /** Completed → received with its reward's transaction; false when it was not completed (already claimed). */
    async markReceived(executor: Executor, userId: string, actionId: number, transactionId: string): Promise<boolean> {
      const updated = await executor
        .update(achievements)
        .set({ type: "received", transactionId })
        .where(and(eq(achievements.userId, userId), eq(achievements.actionId, actionId), eq(achievements.type, "completed")))
        .returning({ actionId: achievements.actionId });
      return updated.length > 0;
    },

    /** Puts a row that is still open under audit with what the reader submitted; null when it was not open. */
    async submitAudit(userId: string, actionId: number, payload: unknown): Promise<AchievementRow | null> {
      const [row] = await db
        .update(achievements)
        .set({ type: "audit", payload })
        .where(and(eq(achievements.userId, userId), eq(achievements.actionId, actionId), MEASURABLE))
        .returning();
      return row ?? null;
    },

    /** Approves (→ completed) or rejects (→ incomplete, payload kept) a row under audit; null when it was not. */
    async review(userId: string, actionId: number, approve: boolean, progressMax: number, now: Date): Promise<AchievementRow | null> {
      const [row] = await db
        .update(achievements)
        .set(approve ? { type: "completed", progress: progressMax, progressMax, doneAt: now } : { type: "incomplete", progress: 0, doneAt: null })
        .where(and(eq(achievements.userId, userId), eq(achievements.actionId, actionId), eq(achievements.type, "audit")))
        .returning();
      return row ?? null;
    },

    /** Rows under audit, oldest submission first. */
    async pendingAudits(): Promise<AchievementRow[]> {
      return db
        .select()
        .from(achievements)
        .where(eq(achievements.type, "audit"))
        .orderBy(asc(sql`${achievements.payload}->>'submittedAt'`), asc(achievements.userId), asc(achievements.actionId));
    },
  };
}

export type AchievementsRepo = ReturnType<typeof createAchievementsRepo>;
