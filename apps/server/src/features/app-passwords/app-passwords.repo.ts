import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { appPasswords, users } from "../../db/schema/index.ts";

/** The account an app password stands for, as routes see a signed-in reader. */
export interface AppPasswordOwner {
  id: string;
  email: string;
  name: string;
  role: "trial" | "user";
  isAdmin: boolean;
}

const owner = { id: users.id, email: users.email, name: users.name, role: users.role, isAdmin: users.isAdmin };

export function createAppPasswordsRepo(db: Database) {
  return {
    async list(userId: string) {
      return db
        .select({ id: appPasswords.id, name: appPasswords.name, createdAt: appPasswords.createdAt, lastUsedAt: appPasswords.lastUsedAt })
        .from(appPasswords)
        .where(eq(appPasswords.userId, userId))
        .orderBy(asc(appPasswords.createdAt), asc(appPasswords.id));
    },

    async count(userId: string): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(appPasswords).where(eq(appPasswords.userId, userId));
      return Number(row?.n ?? 0);
    },

    async insert(row: typeof appPasswords.$inferInsert): Promise<void> {
      await db.insert(appPasswords).values(row);
    },

    /** Deletes one of the user's passwords; false when the user has none with that id. */
    async remove(userId: string, id: string): Promise<boolean> {
      const gone = await db.delete(appPasswords).where(and(eq(appPasswords.userId, userId), eq(appPasswords.id, id))).returning({ id: appPasswords.id });
      return gone.length > 0;
    },

    /** The account with this e-mail and the digests of its app passwords. */
    async byEmail(email: string) {
      return db
        .select({ owner, passwordId: appPasswords.id, passwordHash: appPasswords.passwordHash })
        .from(users)
        .innerJoin(appPasswords, eq(appPasswords.userId, users.id))
        .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
    },

    async byId(id: string) {
      const [row] = await db
        .select({ owner, passwordId: appPasswords.id, passwordHash: appPasswords.passwordHash, lastUsedAt: appPasswords.lastUsedAt })
        .from(appPasswords)
        .innerJoin(users, eq(appPasswords.userId, users.id))
        .where(eq(appPasswords.id, id));
      return row ?? null;
    },

    async byPasswordHash(passwordHash: string) {
      const [row] = await db
        .select({ owner, passwordId: appPasswords.id, lastUsedAt: appPasswords.lastUsedAt })
        .from(appPasswords)
        .innerJoin(users, eq(appPasswords.userId, users.id))
        .where(eq(appPasswords.passwordHash, passwordHash));
      return row ?? null;
    },

    async byFeverKey(feverKey: string) {
      const [row] = await db
        .select({ owner, passwordId: appPasswords.id, lastUsedAt: appPasswords.lastUsedAt })
        .from(appPasswords)
        .innerJoin(users, eq(appPasswords.userId, users.id))
        .where(eq(appPasswords.feverKey, feverKey));
      return row ?? null;
    },

    async touch(id: string, at: Date): Promise<void> {
      await db.update(appPasswords).set({ lastUsedAt: at }).where(eq(appPasswords.id, id));
    },
  };
}

export type AppPasswordsRepo = ReturnType<typeof createAppPasswordsRepo>;
