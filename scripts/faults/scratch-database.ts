// A database of the test's own, created under a random name and removed after: on
// TEST_DATABASE_URL's server when it is set, else on a PostgreSQL the test starts for it (the
// embedded binaries Tidings runs, in a temporary directory, reached by URL as an operator's
// server is). No PostgreSQL of the machine is needed.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { type PrivatePostgres, startPrivatePostgres } from "./private-postgres.ts";

export interface ScratchDatabase {
  url: string;
  /** Ends every session on it and drops it (and stops the PostgreSQL started for it). */
  drop(): Promise<void>;
}

async function admin(url: string, run: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await run(client);
  } finally {
    await client.end();
  }
}

export async function createScratchDatabase(prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(4).toString("hex")}`;
  let server: PrivatePostgres | null = null;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    server = await startPrivatePostgres();
    adminUrl = server.urlFor("postgres");
  }
  const serverUrl = adminUrl;
  try {
    await admin(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  } catch (error) {
    await server?.destroy();
    throw error;
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      if (server) {
        await server.destroy();
        return;
      }
      await admin(serverUrl, async (client) => {
        await client.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [name]);
        await client.query(`DROP DATABASE IF EXISTS ${name}`);
      });
    },
  };
}
