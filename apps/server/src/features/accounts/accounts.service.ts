import { ErrorCode, type InstanceSettings, type SessionInvitation } from "@tidings/contracts";
import { AppError } from "../../errors.ts";
import type { RequestUser } from "../../http/context.ts";
import type { Clock } from "../../lib/clock.ts";
import type { Logger } from "../../lib/logger.ts";
import type { AccountsRepo } from "./accounts.repo.ts";
import type { InstanceSettingsRepo } from "./instance-settings.repo.ts";

const INVITATIONS_REQUIRED_KEY = "invitationsRequired";

/**
 * Account rules that sit beside better-auth: who is admin, what a session says about roles, and
 * whether new accounts need an invitation (the environment's `INVITATIONS_REQUIRED` until an admin
 * stores another value).
 */
export function createAccountsService(deps: {
  repo: AccountsRepo;
  instanceSettings: InstanceSettingsRepo;
  clock: Clock;
  logger: Logger;
  defaults: { invitationsRequired: boolean };
}) {
  const { repo, instanceSettings, clock, logger, defaults } = deps;

  const invitationsRequired = async (): Promise<boolean> => {
    const stored = await instanceSettings.get(INVITATIONS_REQUIRED_KEY);
    return typeof stored === "boolean" ? stored : defaults.invitationsRequired;
  };

  const requireAdmin = (user: RequestUser) => {
    if (!user.isAdmin) throw new AppError(ErrorCode.NoPermission, { reason: "Only admins can change instance settings" });
  };

  return {
    /**
     * Gives a new (trial) account its role: the first account of an instance becomes its admin
     * with the full user role; others become users at once unless invitations are required.
     */
    async settleNewAccount(userId: string): Promise<void> {
      if (await repo.promoteIfNoAdmin(userId)) {
        logger.info({ userId }, "first account promoted to admin");
        return;
      }
      if (!(await invitationsRequired())) await repo.activate(userId);
    },

    /** Whether a new account starts as `trial` (read at every sign-up, so every process agrees). */
    invitationsRequired,

    async instanceSettings(user: RequestUser): Promise<InstanceSettings> {
      requireAdmin(user);
      return { invitationsRequired: await invitationsRequired() };
    },

    /**
     * Turning the gate off changes new sign-ups only: existing trial accounts stay trial until they
     * use a code, so an admin can open the gate briefly without activating everyone who waited.
     */
    async updateInstanceSettings(user: RequestUser, patch: Partial<InstanceSettings>): Promise<InstanceSettings> {
      requireAdmin(user);
      if (patch.invitationsRequired !== undefined) {
        await instanceSettings.set(INVITATIONS_REQUIRED_KEY, patch.invitationsRequired, clock.now());
        logger.info({ userId: user.id, invitationsRequired: patch.invitationsRequired }, "invitation gate changed");
      }
      return { invitationsRequired: await invitationsRequired() };
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
