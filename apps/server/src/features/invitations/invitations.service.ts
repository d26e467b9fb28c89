import { randomInt } from "node:crypto";
import { ErrorCode, type InvitationLimitation, type InvitationRow } from "@tidings/contracts";
import { AppError } from "../../errors.ts";
import type { Executor } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import type { RequestUser } from "../../http/context.ts";
import type { InvitationsRepo } from "./invitations.repo.ts";

const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const CODE_LENGTH = 10;
const DAY_MS = 24 * 60 * 60 * 1000;

function newCode(): string {
  let code = "";
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/**
 * How many codes an account may hold in total: one at once, and one more per `intervalDays` of
 * its age (spec §6: capped by usage time). Null means no cap (admins, or interval 0).
 */
export function invitationAllowance(input: { createdAt: Date; now: Date; intervalDays: number; isAdmin: boolean }): number | null {
  if (input.isAdmin || input.intervalDays === 0) return null;
  const ageDays = Math.max(0, Math.floor((input.now.getTime() - input.createdAt.getTime()) / DAY_MS));
  return 1 + Math.floor(ageDays / input.intervalDays);
}

/** Invitation codes: activated accounts create them; a trial account uses one to become a user. */
export function createInvitationsService(deps: {
  repo: InvitationsRepo;
  clock: Clock;
  intervalDays: number;
  /** Throws 4008/4007 when the account has two-factor on and the code is missing or wrong. */
  checkTwoFactor: (userId: string, code: string | undefined) => Promise<void>;
  /** Pays the invitation's price inside the transaction that creates it (4002 when short); absent when it is free. */
  pay?: (tx: Executor, userId: string, now: Date) => Promise<void>;
}) {
  const { repo, clock, intervalDays, checkTwoFactor } = deps;

  const allowanceOf = async (user: RequestUser): Promise<number | null> => {
    const createdAt = await repo.accountCreatedAt(user.id);
    if (!createdAt) throw new AppError(ErrorCode.UserNotFound);
    return invitationAllowance({ createdAt, now: clock.now(), intervalDays, isAdmin: user.isAdmin });
  };

  return {
    /** A new code; trial accounts 1103, past the allowance 5000, then the second factor if on. */
    async create(user: RequestUser, totpCode: string | undefined): Promise<string> {
      if (user.role !== "user") throw new AppError(ErrorCode.TrialNoPermission);
      const allowance = await allowanceOf(user);
      // Checked before the second factor, so nobody types a code only to hear "no more invitations".
      if (allowance !== null && (await repo.countCreatedBy(user.id)) >= allowance) throw new AppError(ErrorCode.InvitationLimitExceeded);
      await checkTwoFactor(user.id, totpCode);
      const now = clock.now();
      const row = await repo.insertUnderLimit(newCode(), user.id, allowance, deps.pay ? (tx) => deps.pay!(tx, user.id, now) : undefined);
      if (!row) throw new AppError(ErrorCode.InvitationLimitExceeded);
      return row.code;
    },

    /** How many more codes the account may create now; null when it has no cap; 0 for trial. */
    async limitation(user: RequestUser): Promise<InvitationLimitation> {
      if (user.role !== "user") return 0;
      const allowance = await allowanceOf(user);
      if (allowance === null) return null;
      return Math.max(0, allowance - (await repo.countCreatedBy(user.id)));
    },

    async list(user: RequestUser): Promise<InvitationRow[]> {
      const rows = await repo.listCreatedBy(user.id);
      return rows.map((row) => ({
        code: row.code,
        createdAt: row.createdAt.toISOString(),
        usedAt: row.usedAt?.toISOString() ?? null,
        toUserId: row.toUserId,
        users: row.toUserId ? { id: row.toUserId, name: row.toUserName, image: row.toUserImage } : null,
      }));
    },

    /** Activates a trial account with `code`. An account that is already a user keeps its code. */
    async use(user: RequestUser, rawCode: string): Promise<void> {
      if (user.role === "user") return;
      const code = rawCode.trim().toUpperCase();
      const invitation = await repo.find(code);
      if (!invitation) throw new AppError(ErrorCode.InvitationCodeNotFound);
      if (invitation.usedAt) throw new AppError(ErrorCode.InvitationCodeUsed);
      if (!(await repo.redeem(code, user.id, clock.now()))) throw new AppError(ErrorCode.InvitationCodeUsed);
    },
  };
}

export type InvitationsService = ReturnType<typeof createInvitationsService>;
