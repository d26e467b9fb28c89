import { randomBytes } from "node:crypto";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../src/db/client.ts";
import { startEmbeddedPostgres } from "../src/db/embedded/embedded-postgres.ts";
import { migrate } from "../src/db/migrate.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The PostgreSQL server of this run: a connection string to a database tests may administer from. */
    dbAdminUrl: string;
    /** The name of a migrated database every test file's database is cloned from. */
    dbTemplate: string;
  }
}

/**
 * One PostgreSQL for the run: the embedded one (the product's own, started here in a temporary
 * directory, without fsync), or TEST_DATABASE_URL's server. One database is migrated and handed to
 * every test file as a template, so each file starts from a fresh, migrated database in a few
 * tens of milliseconds.
 */
export default async function setup(project: TestProject) {
  let dir: string | null = null;
  let stop = async () => {};
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    dir = await mkdtemp(path.join(tmpdir(), "tidings-test-pg-"));
    // Under root PostgreSQL runs as an unprivileged user, who must pass through this directory.
    await chmod(dir, 0o711);
    const embedded = await startEmbeddedPostgres({ dir: path.join(dir, "postgres"), durable: false, settings: { max_connections: "200" } });
    adminUrl = embedded.urlFor("postgres");
    stop = () => embedded.stop();
  }
  const name = `tidings_tpl_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = `/${name}`;
  const handle = await openDatabase({ kind: "postgres", url: templateUrl.toString(), maxConnections: 1 });
  await migrate(handle.db);
  await handle.close();
  project.provide("dbAdminUrl", adminUrl);
  project.provide("dbTemplate", name);
  return async () => {
    const { rows } = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $2`, [name, `${name.replace("tpl", "run")}%`]);
    for (const row of rows) await admin.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
    await admin.end();
    await stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  };
}
