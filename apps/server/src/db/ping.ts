import { sql } from "drizzle-orm";
import type { Database } from "./client.ts";

/** Resolves once the database answers a trivial query. */
export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`SELECT 1`);
}
