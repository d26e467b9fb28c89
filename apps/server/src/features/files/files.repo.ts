import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database, Executor } from "../../db/client.ts";
import { files, users } from "../../db/schema/index.ts";

export interface NewFile {
  id: string;
  userId: string;
  contentType: string;
  bytes: Buffer;
  size: number;
  sha256: string;
  createdAt: Date;
}

/** Stored files; an avatar replaces its owner's previous one in the same transaction. */
export function createFilesRepo(db: Database) {
  return {
    async find(id: string) {
      const [row] = await db.select().from(files).where(eq(files.id, id));
      return row ?? null;
    },

    /**
     * A file that is its owner's avatar (their `image` names it), or null: the files of inbox
     * mail, say, are never public whatever their id.
     */
    async findAvatar(id: string) {
      const [row] = await db
        .select({ file: files })
        .from(files)
        .innerJoin(users, eq(users.id, files.userId))
        .where(and(eq(files.id, id), sql`${users.image} LIKE ('%/files/' || ${files.id}::text)`));
      return row?.file ?? null;
    },

    /** Deletes files of `userId` in the caller's transaction, never one that is their avatar. */
    async deletePrivate(executor: Executor, userId: string, ids: string[]): Promise<void> {
      if (ids.length === 0) return;
      await executor
        .delete(files)
        .where(
          and(
            eq(files.userId, userId),
            inArray(files.id, ids),
            sql`NOT EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${files.userId} AND ${users.image} LIKE ('%/files/' || ${files.id}::text))`,
          ),
        );
    },

    /** Stores files in the caller's transaction. */
    async insertMany(executor: Executor, rows: NewFile[]): Promise<void> {
      if (rows.length) await executor.insert(files).values(rows);
    },

    /**
     * Stores `file`, points the owner's `image` at `url`, and deletes the file the previous `image`
     * named when `previousIdOf` recognises it as one of ours (only a file of the same owner).
     */
    async replaceAvatar(file: NewFile, url: string, previousIdOf: (image: string | null) => string | null): Promise<void> {
      await db.transaction(async (tx) => {
        const [owner] = await tx.select({ image: users.image }).from(users).where(eq(users.id, file.userId)).for("update");
        await tx.insert(files).values(file);
        await tx.update(users).set({ image: url, updatedAt: file.createdAt }).where(eq(users.id, file.userId));
        const previous = previousIdOf(owner?.image ?? null);
        if (previous && previous !== file.id) await tx.delete(files).where(and(eq(files.id, previous), eq(files.userId, file.userId)));
      });
    },
  };
}

export type FilesRepo = ReturnType<typeof createFilesRepo>;
