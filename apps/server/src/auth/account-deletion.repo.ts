import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { invitations } from "../db/schema/index.ts";

/**
 * What deleting an account removes beyond the rows that cascade from `users`. Unused invitation
 * codes the account created go with it (nobody vouches for them any more); codes already used
 * stay, with `from_user_id` set to null by the foreign key, because they record how another
 * account was activated.
 */
export function createAccountDeletionRepo(db: Database) {
  return {
    async removeLeftovers(userId: string): Promise<void> {
      await db.delete(invitations).where(and(eq(invitations.fromUserId, userId), isNull(invitations.toUserId)));
    },
  };
}

export type AccountDeletionRepo = ReturnType<typeof createAccountDeletionRepo>;
