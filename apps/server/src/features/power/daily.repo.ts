import { sql } from "drizzle-orm";
import { rowsOf, type Database, type Executor } from "../../db/client.ts";
import { powerDailyClaims } from "../../db/schema/index.ts";
import { ACTIVITY_SOURCES, BASE_LEVEL, MAX_MULTIPLIER, POINTS_PER_STEP } from "./daily-policy.ts";

/** What a user's daily reward looks like on `day`: the run, their latest computed row, their claim. */
export interface DailyState {
  /** running, done or failed; null before the day's computation started. */
  runStatus: string | null;
  /** The user's last computed row (null before the first computation that counted them). */
  row: { day: string; rank: number; level: number; activityPoints: number; prevActivityPoints: number; dailyAmount: string } | null;
  claimed: boolean;
}

/** Inputs of one day's computation; the policy's constants are built into the statement. */
export interface LevelsInput {
  day: string;
  from: Date;
  to: Date;
  supplyUnits: bigint;
  /** Each band's last rank, best band first (daily-policy.ts `levelCutoffs`). */
  cutoffs: { level: number; maxRank: number }[];
}

const int = (value: number) => sql`${value}::int`;

export function createDailyRepo(db: Database) {
  return {
    /**
     * Marks `day`'s computation running; false when another process holds it or it is done. A
     * failed run, or one left running since `staleBefore` (its process died), is taken over.
     */
    /** Marks the day's run running, unless another runs it or it is done (`redo`: done ones run again). */
    async takeRun(day: string, now: Date, staleBefore: Date, redo = false): Promise<boolean> {
      const rows = rowsOf<{ day: string }>(
        await db.execute(sql`
          INSERT INTO power_daily_runs (day, status, started_at) VALUES (${day}::date, 'running', ${now.toISOString()}::timestamptz)
          ON CONFLICT (day) DO UPDATE SET status = 'running', started_at = excluded.started_at, finished_at = NULL, users = NULL
          WHERE power_daily_runs.status = 'failed' OR (power_daily_runs.status = 'running' AND power_daily_runs.started_at < ${staleBefore.toISOString()}::timestamptz)
            OR (${redo} AND power_daily_runs.status = 'done')
          RETURNING day::text AS day`),
      );
      return rows.length > 0;
    },

    async failRun(day: string, now: Date): Promise<void> {
      await db.execute(sql`UPDATE power_daily_runs SET status = 'failed', finished_at = ${now.toISOString()}::timestamptz WHERE day = ${day}::date AND status = 'running'`);
    },

    async countUsers(executor: Executor = db): Promise<number> {
      const [row] = rowsOf<{ total: number }>(await executor.execute(sql`SELECT count(*)::int AS total FROM users`));
      return Number(row?.total ?? 0);
    },

    /**
     * Writes every user's rank, level, activity and reward for `day` in one statement, and marks
     * the run done in the same transaction, so readers see yesterday's rows or today's, never a mix.
     */
    async writeLevels(input: LevelsInput, users: number, now: Date): Promise<void> {
      const from = sql`${input.from.toISOString()}::timestamptz`;
      const to = sql`${input.to.toISOString()}::timestamptz`;
      const { reads, subscriptions, tips } = ACTIVITY_SOURCES;
      const level = sql`CASE WHEN balance <= 0 THEN ${int(BASE_LEVEL)} ${sql.join(
        input.cutoffs.map((band) => sql`WHEN rank <= ${int(band.maxRank)} THEN ${int(band.level)}`),
        sql` `,
      )} ELSE ${int(BASE_LEVEL)} END`;
      const multiplier = sql`CASE WHEN points <= 0 THEN 0 ELSE LEAST(${int(MAX_MULTIPLIER)}, 1 + points / ${int(POINTS_PER_STEP)}) END`;
      await db.transaction(async (tx) => {
        await tx.execute(sql`
          WITH activity AS (
            SELECT user_id, sum(points)::int AS points FROM (
              SELECT user_id, LEAST(count(*), ${int(reads.cap)}) * ${int(reads.points)} AS points
                FROM read_marks WHERE read_at >= ${from} AND read_at < ${to} GROUP BY user_id
              UNION ALL
              SELECT user_id, LEAST(count(*), ${int(subscriptions.cap)}) * ${int(subscriptions.points)}
                FROM subscriptions WHERE created_at >= ${from} AND created_at < ${to} GROUP BY user_id
              UNION ALL
              SELECT from_user_id, LEAST(count(*), ${int(tips.cap)}) * ${int(tips.points)}
                FROM power_transactions WHERE type = 'tip' AND from_user_id IS NOT NULL AND created_at >= ${from} AND created_at < ${to} GROUP BY from_user_id
            ) sources GROUP BY user_id
          ),
          balances AS (
            SELECT user_id, sum(balance) AS balance FROM power_accounts WHERE kind IN ('daily', 'cashable') AND user_id IS NOT NULL GROUP BY user_id
          ),
          ranked AS (
            SELECT u.id AS user_id, coalesce(b.balance, 0) AS balance, coalesce(a.points, 0) AS points,
              row_number() OVER (ORDER BY coalesce(b.balance, 0) DESC, u.id COLLATE "C") AS rank
            FROM users u LEFT JOIN balances b ON b.user_id = u.id LEFT JOIN activity a ON a.user_id = u.id
          ),
          levelled AS (SELECT user_id, rank, points, ${level} AS level FROM ranked),
          weighted AS (SELECT user_id, rank, points, level, level * ${multiplier} AS weight FROM levelled)
          INSERT INTO power_levels (user_id, rank, level, activity_points, prev_activity_points, daily_amount, day)
          SELECT user_id, rank, level, points, 0,
            CASE WHEN weight = 0 THEN 0 ELSE div(${input.supplyUnits.toString()}::numeric * weight, sum(weight) OVER ()) END,
            ${input.day}::date
          FROM weighted
          ON CONFLICT (user_id) DO UPDATE SET
            rank = excluded.rank, level = excluded.level, activity_points = excluded.activity_points,
            prev_activity_points = CASE
              WHEN power_levels.day = excluded.day THEN power_levels.prev_activity_points
              WHEN power_levels.day = excluded.day - 1 THEN power_levels.activity_points
              ELSE 0 END,
            daily_amount = excluded.daily_amount, day = excluded.day`);
        await tx.execute(
          sql`UPDATE power_daily_runs SET status = 'done', finished_at = ${now.toISOString()}::timestamptz, users = ${int(users)} WHERE day = ${input.day}::date`,
        );
      });
    },

    async state(userId: string, day: string): Promise<DailyState> {
      const [row] = rowsOf<{
        run_status: string | null;
        day: string | null;
        rank: number | null;
        level: number | null;
        activity_points: number | null;
        prev_activity_points: number | null;
        daily_amount: string | null;
        claimed: boolean;
      }>(
        await db.execute(sql`
          SELECT r.status AS run_status, l.day::text AS day, l.rank, l.level, l.activity_points, l.prev_activity_points,
            l.daily_amount::text AS daily_amount, (c.user_id IS NOT NULL) AS claimed
          FROM (SELECT 1) one
          LEFT JOIN power_daily_runs r ON r.day = ${day}::date
          LEFT JOIN power_levels l ON l.user_id = ${userId}
          LEFT JOIN power_daily_claims c ON c.user_id = ${userId} AND c.day = ${day}::date`),
      );
      return {
        runStatus: row?.run_status ?? null,
        row:
          row?.day == null
            ? null
            : {
                day: row.day,
                rank: Number(row.rank),
                level: Number(row.level),
                activityPoints: Number(row.activity_points),
                prevActivityPoints: Number(row.prev_activity_points),
                dailyAmount: row.daily_amount ?? "0",
              },
        claimed: Boolean(row?.claimed),
      };
    },

    /** Records the claim inside the mint's transaction; a second claim of the day breaks the primary key (23505). */
    async recordClaim(tx: Executor, userId: string, day: string, transactionId: string): Promise<void> {
      await tx.insert(powerDailyClaims).values({ userId, day, transactionId });
    },
  };
}

export type DailyRepo = ReturnType<typeof createDailyRepo>;
