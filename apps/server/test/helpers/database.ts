import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../src/db/client.ts";
import { adminUrl, databaseUrl } from "./postgres.ts";

/**
 * A fresh database, already migrated, for one test file: cloned from the run's template on the
 * run's PostgreSQL. Closing it drops it.
 */
export async function openTestDatabase(): Promise<DatabaseHandle & { url: string }> {
  const template = inject("dbTemplate");
  const name = `${template.replace("tpl", "run")}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await admin.end();
  }
  const handle = await openDatabase({ kind: "postgres", url: databaseUrl(name) });
  return {
    ...handle,
    url: databaseUrl(name),
    close: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl() });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
