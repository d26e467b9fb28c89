import { and, asc, desc, eq, gt, isNull, or, sql } from "drizzle-orm";
import type { Database, Executor } from "../../db/client.ts";
import { rowsOf } from "../../db/client.ts";
import { publicUserColumns } from "../../db/public-rows.ts";
import { rsshubInstances, rsshubUsages, subscriptions, users } from "../../db/schema/index.ts";

export type RsshubInstanceRow = typeof rsshubInstances.$inferSelect;
export type RsshubUsageRow = typeof rsshubUsages.$inferSelect;
type NewInstance = typeof rsshubInstances.$inferInsert;
type InstancePatch = Partial<Omit<NewInstance, "id" | "ownerUserId" | "createdAt">>;

/** An instance with what the list shows beside it: its owner's public fields and its readers. */
export interface ListedInstance {
  instance: RsshubInstanceRow;
  owner: { id: string; name: string | null; image: string | null; handle: string | null } | null;
  ownerIsAdmin: boolean;
  userCount: number;
}

/** An instance a feed's readers chose, with how many of them chose it. */
export interface ChosenInstance {
  instance: RsshubInstanceRow;
  readers: number;
  ownerIsAdmin: boolean;
}

/** A usage that has not ended: free ones never end, paid ones at `expires_at`. */
const active = (now: Date) => or(isNull(rsshubUsages.expiresAt), gt(rsshubUsages.expiresAt, now));

/** The `rsshub_instances` and `rsshub_usages` tables. */
export function createRsshubRepo(db: Database) {
  const userCount = (now: Date) =>
    sql<number>`(SELECT count(*)::int FROM ${rsshubUsages} WHERE ${rsshubUsages.rsshubId} = ${rsshubInstances.id} AND ${active(now)})`;

  async function listWhere(where: ReturnType<typeof and>, now: Date): Promise<ListedInstance[]> {
    const rows = await db
      .select({
        instance: rsshubInstances,
        owner: { id: publicUserColumns.id, name: publicUserColumns.name, image: publicUserColumns.image, handle: publicUserColumns.handle },
        ownerIsAdmin: users.isAdmin,
        userCount: userCount(now),
      })
      .from(rsshubInstances)
      .leftJoin(users, eq(users.id, rsshubInstances.ownerUserId))
      .where(where)
      .orderBy(desc(userCount(now)), asc(rsshubInstances.id));
    return rows.map((row) => ({ ...row, ownerIsAdmin: row.ownerIsAdmin ?? false, userCount: Number(row.userCount) }));
  }

  return {
    async insert(row: NewInstance): Promise<RsshubInstanceRow> {
      const [created] = await db.insert(rsshubInstances).values(row).returning();
      return created!;
    },

    async update(id: string, patch: InstancePatch): Promise<RsshubInstanceRow | null> {
      const [updated] = await db.update(rsshubInstances).set(patch).where(eq(rsshubInstances.id, id)).returning();
      return updated ?? null;
    },

    async findById(id: string, executor: Executor = db): Promise<RsshubInstanceRow | null> {
      const [row] = await executor.select().from(rsshubInstances).where(eq(rsshubInstances.id, id));
      return row ?? null;
    },

    async findOwn(ownerUserId: string, baseUrl: string): Promise<RsshubInstanceRow | null> {
      const [row] = await db
        .select()
        .from(rsshubInstances)
        .where(and(eq(rsshubInstances.ownerUserId, ownerUserId), eq(rsshubInstances.baseUrl, baseUrl)));
      return row ?? null;
    },

    /** One instance as the list shows it. */
    async listed(id: string, now: Date): Promise<ListedInstance | null> {
      const [row] = await listWhere(eq(rsshubInstances.id, id), now);
      return row ?? null;
    },

    /**
     * The instances `viewerId` may see: their own, the shared ones (a user limit above 1, or
     * none) and the one they use; most used first, then oldest.
     */
    async listVisible(viewerId: string, now: Date): Promise<ListedInstance[]> {
      const used = db.select({ id: rsshubUsages.rsshubId }).from(rsshubUsages).where(eq(rsshubUsages.userId, viewerId));
      return listWhere(
        or(eq(rsshubInstances.ownerUserId, viewerId), isNull(rsshubInstances.userLimit), gt(rsshubInstances.userLimit, 1), sql`${rsshubInstances.id} IN (${used})`),
        now,
      );
    },

    /** Removes an instance unless another reader uses it (in one statement); false when it was kept. */
    async removeUnlessUsedByOthers(id: string, ownerUserId: string, now: Date): Promise<"removed" | "in-use" | "missing"> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select({ id: rsshubInstances.id }).from(rsshubInstances).where(eq(rsshubInstances.id, id)).for("update");
        if (!row) return "missing";
        const [others] = await tx
          .select({ count: sql<number>`count(*)::int` })
          .from(rsshubUsages)
          .where(and(eq(rsshubUsages.rsshubId, id), sql`${rsshubUsages.userId} <> ${ownerUserId}`, active(now)));
        if (Number(others?.count ?? 0) > 0) return "in-use";
        await tx.delete(rsshubInstances).where(eq(rsshubInstances.id, id));
        return "removed";
      });
    },

    /** The reader's usage that has not ended, or null. */
    async usageOf(userId: string, now: Date): Promise<RsshubUsageRow | null> {
      const [row] = await db
        .select()
        .from(rsshubUsages)
        .where(and(eq(rsshubUsages.userId, userId), active(now)));
      return row ?? null;
    },

    /**
     * Makes `userId` use `rsshubId` when the instance has room: the instance row is locked while
     * its readers are counted, so two readers racing for the last place cannot both get it.
     * "full" when the limit is reached, "missing" when the instance is gone.
     */
    async use(
      userId: string,
      rsshubId: string,
      input: { now: Date; expiresAt: Date | null; limit: (instance: RsshubInstanceRow) => number | null },
      executor?: Executor,
    ): Promise<"used" | "full" | "missing"> {
      const run = async (tx: Executor) => {
        const [instance] = await tx.select().from(rsshubInstances).where(eq(rsshubInstances.id, rsshubId)).for("update");
        if (!instance) return "missing";
        const limit = input.limit(instance);
        if (limit !== null) {
          const [row] = await tx
            .select({ count: sql<number>`count(*)::int` })
            .from(rsshubUsages)
            .where(and(eq(rsshubUsages.rsshubId, rsshubId), sql`${rsshubUsages.userId} <> ${userId}`, active(input.now)));
          if (Number(row?.count ?? 0) >= limit) return "full";
        }
        await tx
          .insert(rsshubUsages)
          .values({ userId, rsshubId, createdAt: input.now, expiresAt: input.expiresAt })
          .onConflictDoUpdate({ target: rsshubUsages.userId, set: { rsshubId, createdAt: input.now, expiresAt: input.expiresAt } });
        return "used" as const;
      };
      // Inside the caller's transaction (a paid period: the payment and the place together), or its own.
      return executor ? run(executor) : db.transaction(run);
    },

    async stopUsing(userId: string): Promise<void> {
      await db.delete(rsshubUsages).where(eq(rsshubUsages.userId, userId));
    },

    /**
     * The instances the readers of a feed chose (and `extraUserId`'s, for a feed they are about to
     * follow): the extra reader's first, then the most chosen, then the oldest.
     */
    async chosenForFeed(feedId: string, now: Date, extraUserId?: string): Promise<ChosenInstance[]> {
      const rows = rowsOf<RsshubInstanceRawRow & { readers: number | string; extra: boolean; owner_is_admin: boolean }>(
        await db.execute(sql`
          SELECT i.*, count(*) AS readers, bool_or(u.user_id = ${extraUserId ?? ""}) AS extra, bool_or(o.is_admin) AS owner_is_admin
          FROM ${rsshubUsages} u
          JOIN ${rsshubInstances} i ON i.id = u.rsshub_id
          LEFT JOIN ${users} o ON o.id = i.owner_user_id
          WHERE (u.expires_at IS NULL OR u.expires_at > ${now.toISOString()}::timestamptz)
            AND (u.user_id = ${extraUserId ?? ""} OR u.user_id IN (SELECT ${subscriptions.userId} FROM ${subscriptions} WHERE ${subscriptions.feedId} = ${feedId}))
          GROUP BY i.id
          ORDER BY extra DESC, readers DESC, i.id ASC`),
      );
      return rows.map((row) => ({ instance: fromRaw(row), readers: Number(row.readers), ownerIsAdmin: !!row.owner_is_admin }));
    },

    /** Claims up to `limit` instances whose health check is due; their next check moves to `leaseUntil`. */
    async claimDueChecks(now: Date, limit: number, leaseUntil: Date): Promise<(RsshubInstanceRow & { ownerIsAdmin: boolean })[]> {
      const rows = rowsOf<RsshubInstanceRawRow & { owner_is_admin: boolean }>(
        await db.execute(sql`
          WITH due AS (
            SELECT id FROM ${rsshubInstances} WHERE next_check_at <= ${now.toISOString()}::timestamptz
            ORDER BY next_check_at LIMIT ${limit} FOR UPDATE SKIP LOCKED
          )
          UPDATE ${rsshubInstances} i SET next_check_at = ${leaseUntil.toISOString()}::timestamptz
          FROM due WHERE i.id = due.id
          RETURNING i.*, (SELECT is_admin FROM ${users} WHERE ${users.id} = i.owner_user_id) AS owner_is_admin`),
      );
      return rows.map((row) => ({ ...fromRaw(row), ownerIsAdmin: !!row.owner_is_admin }));
    },

    /** Gives back claimed checks never made: due at once for any process (unless claimed again since). */
    async releaseChecks(claims: readonly { id: string; leasedUntil: Date }[], now: Date): Promise<void> {
      if (claims.length === 0) return;
      const leases = JSON.stringify(claims.map((claim) => ({ id: claim.id, until: claim.leasedUntil.toISOString() })));
      await db.execute(sql`
        UPDATE ${rsshubInstances} i SET next_check_at = ${now.toISOString()}::timestamptz
        FROM jsonb_to_recordset(${leases}::jsonb) AS x(id bigint, until timestamptz)
        WHERE i.id = x.id AND i.next_check_at = x.until`);
    },

    /** When the next instance is due for a check; null without any. */
    async nextCheckAt(): Promise<Date | null> {
      const [row] = rowsOf<{ at: string | Date | null }>(await db.execute(sql`SELECT min(next_check_at) AS at FROM ${rsshubInstances}`));
      return row?.at ? new Date(row.at) : null;
    },

    /** Records a health check (or a failed fetch through the instance). */
    async recordCheck(id: string, result: { status: RsshubInstanceRow["status"]; errorMessage: string | null; checkedAt: Date; nextCheckAt: Date }): Promise<void> {
      await db
        .update(rsshubInstances)
        .set({
          status: result.status,
          errorMessage: result.errorMessage,
          checkedAt: result.checkedAt,
          nextCheckAt: result.nextCheckAt,
          errorCount: result.status === "ok" ? 0 : sql`${rsshubInstances.errorCount} + 1`,
        })
        .where(eq(rsshubInstances.id, id));
    },
  };
}

export type RsshubRepo = ReturnType<typeof createRsshubRepo>;

/** A row as raw SQL returns it (snake_case; bigint ids and times as the driver gives them). */
interface RsshubInstanceRawRow {
  id: string | number;
  owner_user_id: string;
  base_url: string;
  access_key_sealed: string | null;
  description: string;
  price: number | string;
  user_limit: number | string | null;
  status: string;
  error_message: string | null;
  error_count: number | string;
  checked_at: string | Date | null;
  next_check_at: string | Date;
  created_at: string | Date;
  updated_at: string | Date;
}

const time = (value: string | Date) => (value instanceof Date ? value : new Date(value));

function fromRaw(row: RsshubInstanceRawRow): RsshubInstanceRow {
  return {
    id: String(row.id),
    ownerUserId: row.owner_user_id,
    baseUrl: row.base_url,
    accessKeySealed: row.access_key_sealed,
    description: row.description,
    price: Number(row.price),
    userLimit: row.user_limit === null ? null : Number(row.user_limit),
    status: row.status,
    errorMessage: row.error_message,
    errorCount: Number(row.error_count),
    checkedAt: row.checked_at === null ? null : time(row.checked_at),
    nextCheckAt: time(row.next_check_at),
    createdAt: time(row.created_at),
    updatedAt: time(row.updated_at),
  };
}
