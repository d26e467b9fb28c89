import { randomInt } from "node:crypto";
import { ErrorCode } from "@tidings/contracts";
import { AppError } from "../../errors.ts";
import type { Clock } from "../../lib/clock.ts";
import type { RequestUser } from "../../http/context.ts";
import type { InvitationsRepo } from "./invitations.repo.ts";

const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const CODE_LENGTH = 10;

function newCode(): string {
  let code = "";
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** Invitation codes: activated accounts create them; a trial account uses one to become a user. */
export function createInvitationsService(deps: { repo: InvitationsRepo; clock: Clock }) {
  const { repo, clock } = deps;
  return {
    async create(user: RequestUser): Promise<string> {
      if (user.role !== "user") throw new AppError(ErrorCode.TrialNoPermission);
      const row = await repo.insert(newCode(), user.id);
      return row.code;
    },

    async list(user: RequestUser) {
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
