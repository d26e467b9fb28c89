import type { SessionInvitation } from "@tidings/contracts";
import type { Logger } from "../../lib/logger.ts";
import type { AccountsRepo } from "./accounts.repo.ts";

/** Account rules that sit beside better-auth: who is admin, what a session says about roles. */
export function createAccountsService(deps: { repo: AccountsRepo; logger: Logger }) {
  const { repo, logger } = deps;
  return {
    /** The first account of an instance becomes its admin, with the full user role. */
    async promoteFirstAccount(userId: string): Promise<void> {
      if (await repo.promoteIfNoAdmin(userId)) logger.info({ userId }, "first account promoted to admin");
    },

    /** The invitation an account was activated with, as `get-session` shows it. */
    async invitationOf(userId: string): Promise<SessionInvitation | null> {
      const invitation = await repo.findInvitationUsedBy(userId);
      return (
        invitation && {
          code: invitation.code,
          createdAt: invitation.createdAt.toISOString(),
          usedAt: invitation.usedAt?.toISOString() ?? null,
          fromUserId: invitation.fromUserId,
          toUserId: invitation.toUserId,
        }
      );
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
