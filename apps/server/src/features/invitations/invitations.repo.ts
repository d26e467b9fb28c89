import { and, count, desc, eq, isNull } from "drizzle-orm";
import type { Database, Executor } from "../../db/client.ts";
import { invitations, users } from "../../db/schema/index.ts";

export function createInvitationsRepo(db: Database) {
  return {
    /** When the account was created (its age sets how many codes it may hold), or null. */
    async accountCreatedAt(userId: string): Promise<Date | null> {
      const [row] = await db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, userId));
      return row?.createdAt ?? null;
    },

    async countCreatedBy(userId: string): Promise<number> {
      const [row] = await db.select({ total: count() }).from(invitations).where(eq(invitations.fromUserId, userId));
      return row?.total ?? 0;
    },

    /**
     * Inserts a code unless `fromUserId` already created `max` (null: no limit). The account row
     * is locked so that two requests at once cannot both take the last free place.
     */
    async insertUnderLimit(code: string, fromUserId: string, max: number | null, pay?: (tx: Executor) => Promise<void>) {
      return db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, fromUserId)).for("update");
        if (max !== null) {
          const [held] = await tx.select({ total: count() }).from(invitations).where(eq(invitations.fromUserId, fromUserId));
          if ((held?.total ?? 0) >= max) return null;
        }
        // The price (INVITATION_PRICE) is paid in the same transaction: no code without payment, no payment without a code.
        await pay?.(tx);
        const [row] = await tx.insert(invitations).values({ code, fromUserId }).returning();
        return row!;
      });
    },

    async find(code: string) {
      const [row] = await db.select().from(invitations).where(eq(invitations.code, code));
      return row ?? null;
    },

    async listCreatedBy(userId: string) {
      return db
        .select({
          code: invitations.code,
          createdAt: invitations.createdAt,
          usedAt: invitations.usedAt,
          toUserId: invitations.toUserId,
          toUserName: users.name,
          toUserImage: users.image,
        })
        .from(invitations)
        .leftJoin(users, eq(users.id, invitations.toUserId))
        .where(eq(invitations.fromUserId, userId))
        .orderBy(desc(invitations.createdAt));
    },

    /** Uses an unused code for `userId` and makes the account a user; false when already used. */
    async redeem(code: string, userId: string, at: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const used = await tx
          .update(invitations)
          .set({ toUserId: userId, usedAt: at })
          .where(and(eq(invitations.code, code), isNull(invitations.usedAt)))
          .returning({ code: invitations.code });
        if (used.length === 0) return false;
        await tx.update(users).set({ role: "user", updatedAt: at }).where(eq(users.id, userId));
        return true;
      });
    },
  };
}

export type InvitationsRepo = ReturnType<typeof createInvitationsRepo>;
