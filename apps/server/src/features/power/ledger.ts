import { createHash } from "node:crypto";
import { ErrorCode, type IdGenerator, type PowerTransactionType } from "@tidings/contracts";
import { and, eq, sql } from "drizzle-orm";
import type { Database, Executor } from "../../db/client.ts";
import { rowsOf } from "../../db/client.ts";
import { isUniqueViolation, retryOnConflict } from "../../db/retry.ts";
import { powerAccounts, powerPostings, powerTransactions } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";

export type PowerTransactionRow = typeof powerTransactions.$inferSelect;

/** A transaction row as raw SQL answers it. */
interface RawTransaction {
  id: string | number;
  hash: string;
  type: string;
  from_user_id: string | null;
  to_user_id: string | null;
  to_feed_id: string | number | null;
  to_list_id: string | number | null;
  to_entry_id: string | number | null;
  to_rsshub_id: string | number | null;
  amount: string;
  tax: string;
  comment: string | null;
  idempotency_key: string | null;
  created_at: string | Date;
}

const idOrNull = (value: string | number | null) => (value === null ? null : String(value));

function fromRaw(row: RawTransaction): PowerTransactionRow {
  return {
    id: String(row.id),
    hash: row.hash,
    type: row.type,
    fromUserId: row.from_user_id,
    toUserId: row.to_user_id,
    toFeedId: idOrNull(row.to_feed_id),
    toListId: idOrNull(row.to_list_id),
    toEntryId: idOrNull(row.to_entry_id),
    toRsshubId: idOrNull(row.to_rsshub_id),
    amount: String(row.amount),
    tax: String(row.tax),
    comment: row.comment,
    idempotencyKey: row.idempotency_key,
    createdAt: row.created_at instanceof Date ? row.created_at : new Date(row.created_at),
  };
}

/** Where POWER comes from or goes to. A user pays from their daily balance first, then their cashable one. */
export type PowerParty =
  | { kind: "user"; userId: string }
  | { kind: "daily"; userId: string }
  | { kind: "cashable"; userId: string }
  | { kind: "feed"; feedId: string }
  | { kind: "treasury" };

/** One movement, with what it was for. */
export interface Movement {
  type: PowerTransactionType;
  /** Smallest units, above zero. */
  amount: bigint;
  from: PowerParty;
  to: PowerParty;
  fromUserId?: string | null;
  toUserId?: string | null;
  toFeedId?: string | null;
  toListId?: string | null;
  toEntryId?: string | null;
  toRsshubId?: string | null;
  comment?: string | null;
  /** With `fromUserId`: the same key again finds the transaction already made instead of paying twice. */
  idempotencyKey?: string | null;
}

export const TREASURY = "treasury";
export const accountId = (party: Exclude<PowerParty, { kind: "user" }>): string =>
  party.kind === "treasury" ? TREASURY : party.kind === "feed" ? `feed:${party.feedId}` : `${party.kind}:${party.userId}`;

/** The account a party is paid into: what a user receives is cashable. */
const creditedAccount = (party: PowerParty): Exclude<PowerParty, { kind: "user" }> => (party.kind === "user" ? { kind: "cashable", userId: party.userId } : party);

/** The accounts a party's postings touch: a user's two, or the one. */
const accountsOf = (party: PowerParty): Exclude<PowerParty, { kind: "user" }>[] =>
  party.kind === "user" ? [{ kind: "daily", userId: party.userId }, { kind: "cashable", userId: party.userId }] : [party];


/**
 * The ledger: every movement of POWER is one database transaction that locks the accounts it
 * touches (in one order, so two movements never wait on each other in a circle), checks the
 * paying side has enough, moves both sides and records the transaction with its postings, which
 * sum to zero. An account's balance is always the sum of its postings (`verify` checks it).
 */
export function createLedger(deps: { db: Database; ids: IdGenerator; secret: string }) {
  const { db } = deps;

  const hashOf = (id: string) => `0x${createHash("sha256").update(`${deps.secret}:power:${id}`).digest("hex")}`;

  async function findByKey(executor: Executor, fromUserId: string, key: string): Promise<PowerTransactionRow | null> {
    const [row] = await executor
      .select()
      .from(powerTransactions)
      .where(and(eq(powerTransactions.fromUserId, fromUserId), eq(powerTransactions.idempotencyKey, key)));
    return row ?? null;
  }

  /** Moves POWER inside the caller's transaction; 4002 when the paying side has too little. */
  async function moveIn(tx: Executor, movement: Movement, now: Date): Promise<PowerTransactionRow> {
    if (movement.amount <= 0n) throw new AppError(ErrorCode.InvalidParameter, { reason: "The amount must be above zero" });
    const touched = [...accountsOf(movement.from), creditedAccount(movement.to)];
    const rows = new Map(
      touched.map((party) => [
        accountId(party),
        { id: accountId(party), kind: party.kind, userId: "userId" in party ? party.userId : null, feedId: party.kind === "feed" ? party.feedId : null },
      ]),
    );
    // One statement creates the accounts that do not exist yet and locks them all, in id order
    // (so two movements never wait on each other in a circle), answering their balances. The
    // treasury keeps no running balance: it is never locked.
    const locked = [...rows.values()].filter((row) => row.id !== TREASURY).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const balances = new Map(
      rowsOf<{ id: string; balance: string }>(
        await tx.execute(sql`
          INSERT INTO ${powerAccounts} (id, kind, user_id, feed_id)
          VALUES ${sql.join(
            locked.map((row) => sql`(${row.id}, ${row.kind}, ${row.userId}, ${row.feedId}::bigint)`),
            sql`, `,
          )}
          ON CONFLICT (id) DO UPDATE SET kind = EXCLUDED.kind
          RETURNING id, balance::text AS balance`),
      ).map((row) => [row.id, BigInt(row.balance)]),
    );
    if (rows.has(TREASURY)) await tx.insert(powerAccounts).values({ id: TREASURY, kind: "treasury" }).onConflictDoNothing();
    // The paying side's postings: a user's daily balance first, then the cashable one.
    const debits: [string, bigint][] = [];
    let left = movement.amount;
    for (const party of accountsOf(movement.from)) {
      const id = accountId(party);
      const take = id === TREASURY ? left : left < (balances.get(id) ?? 0n) ? left : (balances.get(id) ?? 0n);
      if (take > 0n) debits.push([id, take]);
      left -= take;
    }
    if (left > 0n) {
      throw new AppError(movement.from.kind === "feed" ? ErrorCode.FeedInsufficientWithdrawable : ErrorCode.InsufficientBalance, {
        reason: "Your balance is not enough to cover this amount",
      });
    }
    const credit = accountId(creditedAccount(movement.to));
    const postings = new Map<string, bigint>();
    for (const [account, take] of debits) postings.set(account, (postings.get(account) ?? 0n) - take);
    postings.set(credit, (postings.get(credit) ?? 0n) + movement.amount);
    for (const [account, change] of postings) {
      if (change === 0n) postings.delete(account);
    }
    const id = deps.ids.next();
    const values = [...postings].map(([account, change]) => sql`(${id}::bigint, ${account}, ${change.toString()}::numeric)`);
    // The transaction and its postings in one statement, then every balance in one more.
    const [transaction] = rowsOf<RawTransaction>(
      await tx.execute(sql`
        WITH made AS (
          INSERT INTO ${powerTransactions} (id, hash, type, from_user_id, to_user_id, to_feed_id, to_list_id, to_entry_id, to_rsshub_id, amount, comment, idempotency_key, created_at)
          VALUES (${id}::bigint, ${hashOf(id)}, ${movement.type}, ${movement.fromUserId ?? null}, ${movement.toUserId ?? null}, ${movement.toFeedId ?? null}::bigint,
            ${movement.toListId ?? null}::bigint, ${movement.toEntryId ?? null}::bigint, ${movement.toRsshubId ?? null}::bigint, ${movement.amount.toString()}::numeric,
            ${movement.comment ?? null}, ${movement.idempotencyKey ?? null}, ${now.toISOString()}::timestamptz)
          RETURNING *
        )${values.length > 0 ? sql`, posted AS (INSERT INTO ${powerPostings} (transaction_id, account_id, amount) VALUES ${sql.join(values, sql`, `)})` : sql``}
        SELECT * FROM made`),
    );
    const changes = [...postings].filter(([account]) => account !== TREASURY);
    if (changes.length > 0) {
      await tx.execute(sql`
        UPDATE ${powerAccounts} AS a SET balance = a.balance + v.change, updated_at = ${now.toISOString()}::timestamptz
        FROM (VALUES ${sql.join(
          changes.map(([account, change]) => sql`(${account}, ${change.toString()}::numeric)`),
          sql`, `,
        )}) AS v(id, change)
        WHERE a.id = v.id`);
    }
    return fromRaw(transaction!);
  }

  return {
    hashOf,
    moveIn,

    /**
     * One movement in its own transaction, retried when PostgreSQL breaks a deadlock. With an
     * idempotency key, a request made again returns the first one's transaction (`replayed`).
     */
    async move(movement: Movement, now: Date, within?: (tx: Executor, transaction: PowerTransactionRow) => Promise<void>): Promise<{ transaction: PowerTransactionRow; replayed: boolean }> {
      const key = movement.idempotencyKey && movement.fromUserId ? { user: movement.fromUserId, key: movement.idempotencyKey } : null;
      if (key) {
        const known = await findByKey(db, key.user, key.key);
        if (known) return { transaction: known, replayed: true };
      }
      try {
        const transaction = await retryOnConflict(() =>
          db.transaction(async (tx) => {
            const made = await moveIn(tx, movement, now);
            await within?.(tx, made);
            return made;
          }),
        );
        return { transaction, replayed: false };
      } catch (error) {
        // The same key raced in at the same time: the other request's transaction stands.
        if (key && isUniqueViolation(error)) {
          const known = await findByKey(db, key.user, key.key);
          if (known) return { transaction: known, replayed: true };
        }
        throw error;
      }
    },

    /** A user's balances (zero when they have no account yet). */
    async balances(userId: string, executor: Executor = db): Promise<{ daily: bigint; cashable: bigint }> {
      const rows = await executor
        .select({ id: powerAccounts.id, balance: powerAccounts.balance })
        .from(powerAccounts)
        .where(sql`${powerAccounts.id} IN (${`daily:${userId}`}, ${`cashable:${userId}`})`);
      const of = (id: string) => BigInt(rows.find((row) => row.id === id)?.balance ?? "0");
      return { daily: of(`daily:${userId}`), cashable: of(`cashable:${userId}`) };
    },

    /** Tips waiting in feeds' accounts (feeds without any are left out). */
    async feedBalances(feedIds: string[]): Promise<Map<string, bigint>> {
      if (feedIds.length === 0) return new Map();
      const rows = await db
        .select({ feedId: powerAccounts.feedId, balance: powerAccounts.balance })
        .from(powerAccounts)
        .where(sql`${powerAccounts.id} IN (${sql.join(feedIds.map((id) => sql`${`feed:${id}`}`), sql`, `)})`);
      return new Map(rows.map((row) => [String(row.feedId), BigInt(row.balance)]));
    },

    /** A feed's tips waiting for its owner. */
    async feedBalance(feedId: string): Promise<bigint> {
      const [row] = await db.select({ balance: powerAccounts.balance }).from(powerAccounts).where(eq(powerAccounts.id, `feed:${feedId}`));
      return BigInt(row?.balance ?? "0");
    },

    /**
     * Checks the books: each account's balance against the sum of its postings, each transaction's
     * postings against zero, and that no account but the treasury is below zero.
     */
    async verify(): Promise<{ accounts: number; transactions: number; mismatchedAccounts: string[]; unbalancedTransactions: string[]; negativeAccounts: string[]; supply: string }> {
      const mismatched = rowsOf<{ id: string }>(
        await db.execute(sql`
          SELECT a.id FROM ${powerAccounts} a
          LEFT JOIN (SELECT account_id, sum(amount) AS total FROM ${powerPostings} GROUP BY account_id) p ON p.account_id = a.id
          WHERE a.kind <> 'treasury' AND a.balance <> coalesce(p.total, 0)`),
      ).map((row) => row.id);
      const unbalanced = rowsOf<{ id: string | number }>(
        await db.execute(sql`
          SELECT t.id FROM ${powerTransactions} t LEFT JOIN ${powerPostings} p ON p.transaction_id = t.id
          GROUP BY t.id HAVING coalesce(sum(p.amount), 0) <> 0 OR count(p.account_id) = 0`),
      ).map((row) => String(row.id));
      const negative = rowsOf<{ id: string }>(await db.execute(sql`SELECT id FROM ${powerAccounts} WHERE kind <> 'treasury' AND balance < 0`)).map((row) => row.id);
      const [counts] = rowsOf<{ accounts: number | string; transactions: number | string; supply: string | null }>(
        await db.execute(sql`SELECT (SELECT count(*) FROM ${powerAccounts}) AS accounts, (SELECT count(*) FROM ${powerTransactions}) AS transactions,
          (SELECT (-coalesce(sum(amount), 0))::text FROM ${powerPostings} WHERE account_id = ${TREASURY}) AS supply`),
      );
      return {
        accounts: Number(counts?.accounts ?? 0),
        transactions: Number(counts?.transactions ?? 0),
        mismatchedAccounts: mismatched,
        unbalancedTransactions: unbalanced,
        negativeAccounts: negative,
        supply: counts?.supply ?? "0",
      };
    },
  };
}

export type Ledger = ReturnType<typeof createLedger>;
