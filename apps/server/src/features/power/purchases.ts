import { POWER_UNIT } from "@tidings/contracts";
import { and, eq } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
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
