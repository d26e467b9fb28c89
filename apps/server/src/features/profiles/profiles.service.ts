import { ErrorCode, type PublicProfile, type PublicUser } from "@tidings/contracts";
import { AppError } from "../../errors.ts";
import type { ProfilesRepo } from "./profiles.repo.ts";
import { presentPublicUser } from "./user.presenter.ts";

/** Public profiles: what anyone may see of any user (never an e-mail address). */
export function createProfilesService(deps: { repo: ProfilesRepo }) {
  const { repo } = deps;
  return {
    /**
     * GET /profiles: one user by id (preferred when both are given) or by handle. Whether
     * two-factor is on is told only to the user themselves: to others it would point at the
     * accounts that are easier to take over.
     */
    async get(query: { id?: string | undefined; handle?: string | undefined }, viewerId: string | null): Promise<PublicProfile> {
      // "@ann" and "ann" name the same handle: people paste handles the way they are displayed.
      const handle = query.handle?.trim().replace(/^@/, "");
      if (!query.id && !handle) throw new AppError(ErrorCode.InvalidParameter, { reason: "Give id or handle" });
      const row = query.id ? await repo.findById(query.id) : await repo.findByHandle(handle!);
      if (!row) throw new AppError(ErrorCode.UserNotFound);
      const profile = presentPublicUser(row) as PublicProfile;
      return viewerId === row.id ? { ...profile, twoFactorEnabled: row.twoFactorEnabled === true } : profile;
    },

    /** POST /profiles/batch: the users that exist among `ids`, by id. */
    async batch(ids: string[]): Promise<Record<string, PublicUser>> {
      const rows = await repo.findByIds([...new Set(ids)]);
      return Object.fromEntries(rows.map((row) => [row.id, presentPublicUser(row)]));
    },
  };
}

export type ProfilesService = ReturnType<typeof createProfilesService>;
