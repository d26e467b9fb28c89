import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
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
