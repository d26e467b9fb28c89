import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../src/db/client.ts";
import { migrate } from "../src/db/migrate.ts";
import { adminUrl, databaseUrl } from "./helpers/postgres.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** PGlite: path of a dump of a migrated database. PostgreSQL: name of a migrated template. */
    dbTemplate: string;
  }
}

/**
 * Migrates one database per run and hands it to every test file as a template, so each file
 * starts from a fresh, migrated database in well under a second.
 */
export default async function setup(project: TestProject) {
  if (project.config.env?.TEST_DB === "postgres") {
    const name = `tidings_tpl_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl() });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const handle = await openDatabase({ kind: "postgres", url: databaseUrl(name), maxConnections: 1 });
    await migrate(handle.db);
    await handle.close();
    project.provide("dbTemplate", name);
    return async () => {
      await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname LIKE 'tidings_t%' AND pid <> pg_backend_pid()`,
      );
      const { rows } = await admin.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $2`,
        [name, `${name.replace("tpl", "run")}%`],
      );
      for (const row of rows) await admin.query(`DROP DATABASE IF EXISTS ${row.datname}`);
      await admin.end();
    };
  }
  const dir = await mkdtemp(path.join(tmpdir(), "tidings-test-"));
  const handle = await openDatabase({ kind: "pglite" });
  await migrate(handle.db);
  const dump = await handle.pglite!.dumpDataDir("none");
  await handle.close();
  const file = path.join(dir, "template.tar");
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("dbTemplate", file);
  return () => rm(dir, { recursive: true, force: true });
}
