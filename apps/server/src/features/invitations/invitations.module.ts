import { Hono } from "hono";
import type { Executor } from "../../db/client.ts";
import type { AppEnv } from "../../http/context.ts";
import type { Platform } from "../../platform.ts";
import type { FeatureModule } from "../module.ts";
import { invitationRoutes } from "./invitations.routes.ts";
import { createInvitationsRepo } from "./invitations.repo.ts";
import { createInvitationsService } from "./invitations.service.ts";

export interface InvitationsPorts {
  platform: Pick<Platform, "db" | "clock">;
  /** An account may create one code per this many days of its age (0: no limit). */
  intervalDays: number;
  checkTwoFactor: (userId: string, code: string | undefined) => Promise<void>;
  /** Pays a code's price inside the transaction that creates it; absent when codes are free. */
  pay?: (tx: Executor, userId: string, now: Date) => Promise<void>;
}

/** Invitation codes (`/invitations…`): created by readers, used by trial accounts to become users. */
export function createInvitationsModule(ports: InvitationsPorts) {
  const invitations = createInvitationsService({
    repo: createInvitationsRepo(ports.platform.db),
    clock: ports.platform.clock,
    intervalDays: ports.intervalDays,
    checkTwoFactor: ports.checkTwoFactor,
    ...(ports.pay ? { pay: ports.pay } : {}),
  });
  return {
    invitations,
    routes: ({ requireUser }) => new Hono<AppEnv>().route("/invitations", invitationRoutes({ invitations, requireUser })),
  } satisfies FeatureModule & Record<string, unknown>;
}
