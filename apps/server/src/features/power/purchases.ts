import { POWER_UNIT } from "@tidings/contracts";
import { and, desc, eq } from "drizzle-orm";
import type { Database, Executor } from "../../db/client.ts";
import { powerTransactions } from "../../db/schema/index.ts";
import type { Ledger } from "./ledger.ts";

/**
 * A paid list's fee: a purchase from the subscriber to the list's owner, inside the subscription's
 * transaction (so a subscription never exists unpaid, nor a payment without it). A list is bought
 * once: following it again after leaving it costs nothing.
 */
export async function payListFee(ledger: Ledger, tx: Executor, userId: string, list: { id: string; ownerUserId: string; fee: number }, now: Date): Promise<void> {
  const [bought] = await tx
    .select({ id: powerTransactions.id })
    .from(powerTransactions)
    .where(and(eq(powerTransactions.fromUserId, userId), eq(powerTransactions.toListId, list.id), eq(powerTransactions.type, "purchase")))
    .limit(1);
  if (bought) return;
  await ledger.moveIn(
    tx,
    {
      type: "purchase",
      amount: BigInt(list.fee) * POWER_UNIT,
      from: { kind: "user", userId },
      to: { kind: "user", userId: list.ownerUserId },
      fromUserId: userId,
      toUserId: list.ownerUserId,
      toListId: list.id,
      comment: "List subscription",
    },
    now,
  );
}

/** An invitation's price: burned to the treasury, inside the transaction that creates the code. */
export async function payInvitation(ledger: Ledger, tx: Executor, userId: string, price: number, now: Date): Promise<void> {
  if (price <= 0) return;
  await ledger.moveIn(tx, { type: "purchase", amount: BigInt(price) * POWER_UNIT, from: { kind: "user", userId }, to: { kind: "treasury" }, fromUserId: userId, comment: "Invitation code" }, now);
}

/**
 * Paid RSSHub instances: months × the monthly price, a purchase to the instance's owner, with the
 * reader's place on the instance written in the same transaction (`within`); the two-factor code
 * is asked first when the reader has it on.
 */
export function rsshubPayments(deps: { ledger: Ledger; db: Database; now: () => Date; checkTwoFactor: (userId: string, code: string | undefined) => Promise<void> }) {
  return {
    async pay(
      input: { userId: string; ownerUserId: string; rsshubId: string; amount: number; months: number; totpCode: string | undefined },
      within: (tx: Executor) => Promise<void>,
    ): Promise<{ hash: string }> {
      await deps.checkTwoFactor(input.userId, input.totpCode);
      const { transaction } = await deps.ledger.move(
        {
          type: "purchase",
          amount: BigInt(input.amount) * POWER_UNIT,
          from: { kind: "user", userId: input.userId },
          to: { kind: "user", userId: input.ownerUserId },
          fromUserId: input.userId,
          toUserId: input.ownerUserId,
          toRsshubId: input.rsshubId,
          comment: `RSSHub instance for ${input.months} month${input.months === 1 ? "" : "s"}`,
        },
        deps.now(),
        (tx) => within(tx),
      );
      return { hash: transaction.hash };
    },
    async lastPurchase(userId: string, rsshubId: string): Promise<{ hash: string } | null> {
      const [row] = await deps.db
        .select({ hash: powerTransactions.hash })
        .from(powerTransactions)
        .where(and(eq(powerTransactions.fromUserId, userId), eq(powerTransactions.toRsshubId, rsshubId), eq(powerTransactions.type, "purchase")))
        .orderBy(desc(powerTransactions.id))
        .limit(1);
      return row ?? null;
    },
  };
}
