import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import pg from "pg";
import { inject } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../src/db/client.ts";
import { adminUrl, databaseUrl } from "./postgres.ts";

/** Which database the current test project runs on. */
export const TEST_DRIVER = process.env.TEST_DB === "postgres" ? "postgres" : "pglite";

/**
 * A fresh database, already migrated, for one test file: a PGlite loaded from the run's dump, or
 * a PostgreSQL database cloned from the run's template. Closing it drops it.
 */
export async function openTestDatabase(): Promise<DatabaseHandle & { url: string | null }> {
  const template = inject("dbTemplate");
  if (TEST_DRIVER === "pglite") {
    const dump = new Blob([await readFile(template)]);
    return { ...(await openDatabase({ kind: "pglite", loadDataDir: dump })), url: null };
  }
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
      await cleanup.query(`DROP DATABASE IF EXISTS ${name}`);
      await cleanup.end();
    },
  };
}
