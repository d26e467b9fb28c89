import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf, type Database } from "../../src/db/client.ts";
import { restoreBackup } from "../../src/features/backup/index.ts";
import { apiAs, type Api } from "../helpers/api.ts";
import { createTestApp, signUp, type TestApp } from "../helpers/app.ts";
import { openTestDatabase } from "../helpers/database.ts";
import { seedFeed } from "../helpers/seed.ts";
import { backupBytes, streamOf } from "./backup-helpers.ts";

let t: TestApp;
const readers: { api: Api; userId: string; entryIds: string[] }[] = [];

/** Each reader's unread counts as kept, and as the timeline says they should be. */
async function counts(db: Database, userId: string) {
  const read = async (query: ReturnType<typeof sql>) => rowsOf<{ source: string; n: number }>(await db.execute(query)).map((row) => `${row.source}:${Number(row.n)}`).sort();
  return {
    kept: await read(sql`SELECT source_id::text AS source, count AS n FROM unread_counts WHERE user_id = ${userId} AND count > 0`),
    truth: await read(sql`SELECT t.source_id::text AS source, count(*) AS n FROM timeline t JOIN unread_entries u USING (user_id, entry_id, source_id) WHERE t.user_id = ${userId} GROUP BY t.source_id`),
  };
}

beforeAll(async () => {
  t = await createTestApp();
  for (const name of ["Ann", "Bob", "Carol"]) {
    const { cookie, userId } = await signUp(t, { email: `${name.toLowerCase()}@example.com`, name });
    const { entryIds } = await seedFeed(t, { userId, count: 200 });
    readers.push({ api: apiAs(t, cookie), userId, entryIds });
  }
});
afterAll(async () => t?.close());

describe(`a backup taken while readers write`, () => {
  it("is one instant of the database: unread counts match a recount, and every count matches its rows", async () => {
    let writing = true;
    let writes = 0;
    const writers = readers.map(async ({ api, entryIds }, n) => {
      for (let i = 0; writing; i++) {
        const batch = entryIds.slice((i * 7 + n) % 190, ((i * 7 + n) % 190) + 5);
        await (i % 3 === 2 ? api.delete("/reads", { entryId: batch[0] }) : api.post("/reads", { entryIds: batch }));
        await api.post("/collections", { entryId: batch[1] });
        writes++;
        // As a reader over the network would: the next request arrives in a later turn of the event loop.
        await new Promise((resolve) => setImmediate(resolve));
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const backups = [await backupBytes(t.database), await backupBytes(t.database)];
    writing = false;
    await Promise.all(writers);
    expect(writes).toBeGreaterThan(2);
    for (const backup of backups) {
      const restored = await openTestDatabase();
      try {
        // The restore checks each table's rows against the header's count made in the same snapshot.
        await restoreBackup(restored.db, streamOf(backup));
        for (const { userId } of readers) {
          const { kept, truth } = await counts(restored.db, userId);
          expect(kept).toEqual(truth);
        }
      } finally {
        await restored.close();
      }
    }
    // The live database agrees with itself too, once the writers stop.
    for (const { userId } of readers) {
      const { kept, truth } = await counts(t.deps.db, userId);
      expect(kept).toEqual(truth);
    }
  }, 120_000);
});
