// The database a benchmark runs on: a new PostgreSQL database on BENCH_DATABASE_URL's server
// (default the local one), dropped afterwards, or an in-memory PGlite.
import { randomBytes } from "node:crypto";
import pg from "pg";
import type { DatabaseSource } from "@tidings/server";

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Where to open the bench's database, and how to remove it when done. */
export async function benchDatabase(kind: "postgres" | "pglite", options: { prefix: string; maxConnections: number }): Promise<{ source: DatabaseSource; drop: () => Promise<void> }> {
  if (kind === "pglite") return { source: { kind: "pglite" }, drop: async () => {} };
  const name = `${options.prefix}_${randomBytes(4).toString("hex")}`;
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return { source: { kind: "postgres", url: url.toString(), maxConnections: options.maxConnections }, drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
