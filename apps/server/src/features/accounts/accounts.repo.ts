import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { invitations, users } from "../../db/schema/index.ts";

/** Serialises the "first account becomes admin" decision across concurrent sign-ups. */
const FIRST_ADMIN_LOCK_KEY = 7_215_002;

export function createAccountsRepo(db: Database) {
  return {
    /** Makes `userId` an admin with the user role, unless some account already is an admin. */
    async promoteIfNoAdmin(userId: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${FIRST_ADMIN_LOCK_KEY})`);
        const promoted = await tx
          .update(users)
          .set({ isAdmin: true, role: "user" })
          .where(sql`${users.id} = ${userId} AND NOT EXISTS (SELECT 1 FROM ${users} WHERE ${users.isAdmin})`)
          .returning({ id: users.id });
        return promoted.length > 0;
      });
    },

    /** Whether an account is an administrator (false for an unknown one). */
    async isAdmin(userId: string): Promise<boolean> {
      const [row] = await db.select({ isAdmin: users.isAdmin }).from(users).where(eq(users.id, userId));
      return row?.isAdmin ?? false;
    },

    /** Gives a trial account the user role. */
    async activate(userId: string): Promise<void> {
      await db.update(users).set({ role: "user" }).where(eq(users.id, userId));
    },

    async findInvitationUsedBy(userId: string) {
      const [row] = await db.select().from(invitations).where(eq(invitations.toUserId, userId));
      return row ?? null;
    },
  };
}

export type AccountsRepo = ReturnType<typeof createAccountsRepo>;
