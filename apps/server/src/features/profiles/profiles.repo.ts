import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { publicUserColumns } from "../../db/public-rows.ts";
import { users } from "../../db/schema/index.ts";
import { textSet } from "../../db/sql-helpers.ts";

/** The columns a profile shows: deliberately no e-mail address, role or admin flag. */
const profileColumns = { ...publicUserColumns, twoFactorEnabled: users.twoFactorEnabled };

export interface ProfileRow {
  id: string;
  name: string;
  image: string | null;
  handle: string | null;
  bio: string | null;
  website: string | null;
  socialLinks: Record<string, string> | null;
  createdAt: Date;
  twoFactorEnabled: boolean | null;
}

/** Users as profiles: lookups by id, handle or many ids, never reading the e-mail column. */
export function createProfilesRepo(db: Database) {
  return {
    async findById(id: string): Promise<ProfileRow | null> {
      const [row] = await db.select(profileColumns).from(users).where(eq(users.id, id));
      return row ?? null;
    },

    /** Handles are unique regardless of case (users_handle_unique is on lower(handle)). */
    async findByHandle(handle: string): Promise<ProfileRow | null> {
      const [row] = await db
        .select(profileColumns)
        .from(users)
        .where(sql`lower(${users.handle}) = lower(${handle})`);
      return row ?? null;
    },

    async findByIds(ids: string[]): Promise<ProfileRow[]> {
      if (ids.length === 0) return [];
      return db
        .select(profileColumns)
        .from(users)
        .where(sql`${users.id} IN ${textSet(ids)}`);
    },
  };
}

export type ProfilesRepo = ReturnType<typeof createProfilesRepo>;
