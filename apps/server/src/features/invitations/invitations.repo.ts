import { and, desc, eq, isNull } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { invitations, users } from "../../db/schema/index.ts";

export function createInvitationsRepo(db: Database) {
  return {
    async insert(code: string, fromUserId: string) {
      const [row] = await db.insert(invitations).values({ code, fromUserId }).returning();
      return row!;
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
