import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { twoFactors, users } from "../../db/schema/index.ts";

/** Reads better-auth's two-factor rows (written only by better-auth, except used backup codes). */
export function createTwoFactorsRepo(db: Database) {
  return {
    /** The verified TOTP row of a user whose two-factor is on, or null. */
    async findActive(userId: string) {
      const [row] = await db
        .select({ id: twoFactors.id, secret: twoFactors.secret, backupCodes: twoFactors.backupCodes, verified: twoFactors.verified })
        .from(twoFactors)
        .innerJoin(users, eq(users.id, twoFactors.userId))
        .where(and(eq(twoFactors.userId, userId), eq(users.twoFactorEnabled, true)));
      return row && row.verified !== false ? row : null;
    },

    /** Replaces the stored backup codes when `previous` is still what is stored (one use per code). */
    async replaceBackupCodes(id: string, previous: string, next: string): Promise<boolean> {
      const updated = await db
        .update(twoFactors)
        .set({ backupCodes: next })
        .where(and(eq(twoFactors.id, id), eq(twoFactors.backupCodes, previous)))
        .returning({ id: twoFactors.id });
      return updated.length > 0;
    },
  };
}

export type TwoFactorsRepo = ReturnType<typeof createTwoFactorsRepo>;
