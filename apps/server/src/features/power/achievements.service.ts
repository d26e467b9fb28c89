import { type Achievement, type AchievementType, ErrorCode, POWER_UNIT } from "@tidings/contracts";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import type { Clock } from "../../lib/clock.ts";
import { ACHIEVEMENTS, type AchievementDefinition, type AchievementMeasure, findAchievement, needsAudit } from "./achievement-catalogue.ts";
import { type AchievementRow, createAchievementsRepo, type MeasuredAchievement } from "./achievements.repo.ts";
import type { Ledger } from "./ledger.ts";

const MAX_TEXT = 2000;

/** What a reader submits for review: some text, a link, or both. Null when it is neither. */
function parseAuditPayload(payload: unknown): { text?: string; url?: string } | null {
  if (typeof payload !== "object" || payload === null) return null;
  const { text, url } = payload as { text?: unknown; url?: unknown };
  const parsed: { text?: string; url?: string } = {};
  if (typeof text === "string" && text.trim()) parsed.text = text.trim().slice(0, MAX_TEXT);
  if (typeof url === "string" && url.trim()) {
    const value = url.trim();
    if (value.length > MAX_TEXT || !URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol)) return null;
    parsed.url = value;
  }
  return parsed.text || parsed.url ? parsed : null;
}

const isDone = (type: string) => type === "completed" || type === "received";

/** Why a row cannot go under audit (or be claimed while it is), if it cannot. */
function auditStateError(row: AchievementRow | undefined): AppError | null {
  if (row?.type === "received") return new AppError(ErrorCode.AchievementAlreadyReceived);
  if (row?.type === "audit") return new AppError(ErrorCode.AchievementUnderAudit);
  // Already approved: there is nothing left to review, only the reward to claim.
  if (row?.type === "completed") return new AppError(ErrorCode.AchievementAuditNotNeeded, { reason: "This achievement is already approved" });
  return null;
}

/**
 * Achievements (reference facts §5): progress measured from what the reader did, the reward
 * minted from the treasury once claimed, and an admin's review for those that need one.
 * Measuring is synchronous, so the reference's `checking` state never lasts past a request.
 */
export function createAchievements(deps: { db: Database; ledger: Ledger; clock: Clock }) {
  const repo = createAchievementsRepo(deps.db);

  function entryOf(actionId: number): AchievementDefinition {
    const entry = findAchievement(actionId);
    if (!entry) throw new AppError(ErrorCode.InvalidParameter, { status: 404, reason: `There is no achievement ${actionId}` });
    return entry;
  }

  const present = (userId: string, entry: AchievementDefinition, row: AchievementRow | undefined): Achievement => ({
    id: `${userId}:${entry.actionId}`,
    userId,
    actionId: entry.actionId,
    type: (row?.type ?? "incomplete") as AchievementType,
    progress: row?.progress ?? 0,
    progressMax: entry.progressMax,
    done: isDone(row?.type ?? ""),
    doneAt: row?.doneAt?.toISOString() ?? null,
    tx: row?.transactionId ? deps.ledger.hashOf(row.transactionId) : null,
    power: (BigInt(entry.reward) * POWER_UNIT).toString(),
  });

  /** Measures the entries now, stores what changed and returns the stored rows by action id. */
  async function refresh(userId: string, entries: readonly AchievementDefinition[]): Promise<Map<number, AchievementRow>> {
    const caps = new Map<AchievementMeasure, number>();
    for (const entry of entries) {
      if (entry.measure) caps.set(entry.measure, Math.max(caps.get(entry.measure) ?? 0, entry.progressMax));
    }
    const counts = await repo.measure(userId, caps);
    const now = deps.clock.now();
    const measured = entries.map((entry): MeasuredAchievement => {
      const progress = entry.measure ? Math.min(counts.get(entry.measure) ?? 0, entry.progressMax) : 0;
      const done = entry.measure !== null && progress >= entry.progressMax;
      return { actionId: entry.actionId, type: done ? "completed" : "incomplete", progress, progressMax: entry.progressMax, doneAt: done ? now : null };
    });
    await repo.sync(userId, measured);
    const rows = await repo.find(userId, entries.map((entry) => entry.actionId));
    return new Map(rows.map((row) => [row.actionId, row]));
  }

  return {
    async list(userId: string, type: "all" | AchievementType = "all"): Promise<{ data: Achievement[]; done: number; total: number }> {
      const rows = await refresh(userId, ACHIEVEMENTS);
      const all = ACHIEVEMENTS.map((entry) => present(userId, entry, rows.get(entry.actionId)));
      return {
        data: type === "all" ? all : all.filter((achievement) => achievement.type === type),
        done: all.filter((achievement) => achievement.done).length,
        total: ACHIEVEMENTS.length,
      };
    },

    async check(userId: string, actionId: number): Promise<Achievement> {
      const entry = entryOf(actionId);
      const rows = await refresh(userId, [entry]);
      return present(userId, entry, rows.get(actionId));
    },

    /**
     * Mints the reward to the reader's cashable balance and marks the achievement received in the
     * same transaction. The mark is conditional on the row still being completed, so of two
     * claims at the same moment one pays and the other is rolled back with 9001.
     */
    async claim(userId: string, actionId: number): Promise<{ actionId: number; result: boolean; transactionHash: string }> {
      const entry = entryOf(actionId);
      const row = (await refresh(userId, [entry])).get(actionId);
      if (row?.type === "received") throw new AppError(ErrorCode.AchievementAlreadyReceived);
      if (row?.type === "audit") throw new AppError(ErrorCode.AchievementUnderAudit);
      if (row?.type !== "completed") throw new AppError(ErrorCode.AchievementNotCompleted);
      const { transaction } = await deps.ledger.move(
        {
          type: "mint",
          amount: BigInt(entry.reward) * POWER_UNIT,
          from: { kind: "treasury" },
          to: { kind: "cashable", userId },
          toUserId: userId,
          comment: `Achievement: ${entry.name}`,
        },
        deps.clock.now(),
        async (tx, made) => {
          if (!(await repo.markReceived(tx, userId, actionId, made.id))) throw new AppError(ErrorCode.AchievementAlreadyReceived);
        },
      );
      return { actionId, result: true, transactionHash: transaction.hash };
    },

    async audit(userId: string, actionId: number, payload: unknown): Promise<Achievement> {
      const entry = entryOf(actionId);
      if (!needsAudit(entry)) throw new AppError(ErrorCode.AchievementAuditNotNeeded);
      const before = (await refresh(userId, [entry])).get(actionId);
      const refused = auditStateError(before);
      if (refused) throw refused;
      const parsed = parseAuditPayload(payload);
      if (!parsed) throw new AppError(ErrorCode.InvalidParameter, { reason: `Give some text or an http(s) link (at most ${MAX_TEXT} characters)` });
      const row = await repo.submitAudit(userId, actionId, { ...parsed, submittedAt: deps.clock.now().toISOString() });
      // Another request moved it between the read and the update.
      if (!row) throw auditStateError((await repo.find(userId, [actionId]))[0]) ?? new AppError(ErrorCode.AchievementUnderAudit);
      return present(userId, entry, row);
    },

    /** For admins (the route checks the role): approve → completed, reject → incomplete with the payload kept. */
    async review(userId: string, actionId: number, approve: boolean): Promise<Achievement> {
      const entry = entryOf(actionId);
      if (!needsAudit(entry)) throw new AppError(ErrorCode.AchievementAuditNotNeeded);
      const row = await repo.review(userId, actionId, approve, entry.progressMax, deps.clock.now());
      if (row) return present(userId, entry, row);
      const current = (await repo.find(userId, [actionId]))[0];
      if (current?.type === "received") throw new AppError(ErrorCode.AchievementAlreadyReceived);
      throw new AppError(ErrorCode.InvalidParameter, { reason: "This achievement is not waiting for review" });
    },

    async pendingAudits(): Promise<{ userId: string; actionId: number; payload: unknown; since: string | null }[]> {
      const rows = await repo.pendingAudits();
      return rows.map((row) => {
        const { submittedAt, ...payload } = (row.payload ?? {}) as { submittedAt?: unknown };
        return { userId: row.userId, actionId: row.actionId, payload, since: typeof submittedAt === "string" ? submittedAt : null };
      });
    },
  };
}

export type Achievements = ReturnType<typeof createAchievements>;
