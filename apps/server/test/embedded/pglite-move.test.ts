import { existsSync } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { hashPassword } from "better-auth/crypto";
import { asc, eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase, rowsOf } from "../../src/db/client.ts";
import { claimDataDir } from "../../src/db/embedded/data-dir-lock.ts";
import { migrate } from "../../src/db/migrate.ts";
import * as schema from "../../src/db/schema/index.ts";
import { api, cleanUp, clusterDir, makeDataDir, PASSWORD, type ServerProcess, signIn, startServer, stopServer, waitReady } from "./server-process.ts";

const USER = { id: "7000000000000000001", email: "pglite@example.com", name: "Old Reader" };
const FEEDS = [
  { id: "7000000000000000011", url: "https://old.example.com/feed.xml", title: "The old feed" },
  { id: "7000000000000000012", url: "https://older.example.com/atom.xml", title: "An older feed" },
];
const SUBSCRIPTION = { id: "7000000000000000021", title: "Kept from PGlite", category: "Moved" };

/**
 * The data directory of a Tidings before 0.6: a PGlite database in DATA_DIR/db, migrated, with an
 * account (a password that signs in), two feeds and a subscription.
 */
async function makeLegacyInstallation(dataDir: string): Promise<void> {
  const client = await PGlite.create({ dataDir: path.join(dataDir, "db") });
  try {
    const db = drizzle(client, { schema }) as unknown as Database;
    await migrate(db);
    await db.insert(schema.users).values({ ...USER, role: "user", isAdmin: true, emailVerified: true });
    await db.insert(schema.accounts).values({ id: "7000000000000000002", accountId: USER.id, providerId: "credential", userId: USER.id, password: await hashPassword(PASSWORD) });
    await db.insert(schema.feeds).values(FEEDS);
    await db.insert(schema.subscriptions).values({ ...SUBSCRIPTION, userId: USER.id, type: "feed", feedId: FEEDS[0]!.id });
  } finally {
    await client.close();
  }
}

const entriesMatching = async (dataDir: string, pattern: RegExp) => (await readdir(dataDir)).filter((name) => pattern.test(name)).sort();

describe("the first start after an upgrade from PGlite", () => {
  const servers: ServerProcess[] = [];
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await makeDataDir("pglite-move");
    await makeLegacyInstallation(dataDir);
    expect(existsSync(path.join(dataDir, "db", "PG_VERSION"))).toBe(true);
  }, 90_000);

  afterAll(async () => {
    await cleanUp(servers, dataDir ? [dataDir] : []);
  }, 60_000);

  let keptAt: string;
  let backup: string;

  it("moves every row into the embedded PostgreSQL, logs it, keeps the old directory and a backup", async () => {
    const server = await startServer(dataDir);
    servers.push(server);
    let stopped;
    try {
      await checkFirstStart(server);
    } finally {
      stopped = await stopServer(server);
    }
    expect(stopped).toEqual({ code: 0, signal: null });
  }, 90_000);

  async function checkFirstStart(server: ServerProcess) {
    await waitReady(server);

    const moved = server.logLines().find((line) => String(line.msg).startsWith("moved the PGlite database into PostgreSQL"));
    expect(moved, server.output()).toBeDefined();
    keptAt = String(moved!.keptAt);
    backup = String(moved!.backup);
    expect(path.dirname(keptAt)).toBe(dataDir);
    expect(path.basename(keptAt)).toMatch(/^db\.pglite-/);
    expect(path.dirname(backup)).toBe(dataDir);
    expect(path.basename(backup)).toMatch(/^pglite-moved-.*\.backup\.jsonl\.gz$/);
    // The message says how much was moved and where the old directory and the backup are.
    expect(moved!.msg).toContain(keptAt);
    expect(moved!.msg).toContain(backup);
    expect(moved!.rows).toBeGreaterThanOrEqual(5);
    expect(moved!.msg).toContain(`${String(moved!.rows)} rows in ${String(moved!.tables)} tables`);

    expect(existsSync(path.join(dataDir, "db"))).toBe(false);
    expect(await entriesMatching(dataDir, /^db\.pglite-/)).toEqual([path.basename(keptAt)]);
    expect(existsSync(path.join(keptAt, "PG_VERSION"))).toBe(true);
    expect(await entriesMatching(dataDir, /^pglite-moved-.*\.backup\.jsonl\.gz$/)).toEqual([path.basename(backup)]);
    expect(await entriesMatching(dataDir, /\.partial$/)).toEqual([]);
    expect(existsSync(path.join(clusterDir(dataDir), "PG_VERSION"))).toBe(true);

    // Through the API: the account signs in with its old password, its subscription is there.
    const signedIn = await signIn(server, USER.email);
    expect(signedIn).toMatchObject({ status: 200, userId: USER.id });
    const subscriptions = await api(server, "/api/subscriptions", { cookie: signedIn.cookie });
    expect(subscriptions.status).toBe(200);
    const listed = await subscriptions.text();
    expect(listed).toContain(FEEDS[0]!.url);
    expect(listed).toContain(SUBSCRIPTION.title);
  }

  it("does not move anything again on the next start", async () => {
    expect(keptAt, "the first start did not move").toBeDefined();
    const server = await startServer(dataDir);
    servers.push(server);
    let stopped;
    try {
      await waitReady(server);
      expect(server.logLines().filter((line) => /PGlite/.test(String(line.msg)))).toEqual([]);
      expect(existsSync(path.join(dataDir, "db"))).toBe(false);
      expect(await entriesMatching(dataDir, /^db\.pglite-/)).toEqual([path.basename(keptAt)]);
      expect(await entriesMatching(dataDir, /^pglite-moved-/)).toEqual([path.basename(backup)]);
      expect((await signIn(server, USER.email)).status).toBe(200);
    } finally {
      stopped = await stopServer(server);
    }
    expect(stopped).toEqual({ code: 0, signal: null });
  }, 90_000);

  it("has the rows in the new database, once each", async () => {
    expect(keptAt, "the first start did not move").toBeDefined();
    // As the server does: the data directory's lock first (no server may run on it now).
    const lock = await claimDataDir(clusterDir(dataDir), { command: "test" });
    const handle = await openDatabase({ kind: "embedded", dir: clusterDir(dataDir) }).catch(async (error: unknown) => {
      await lock.release();
      throw error;
    });
    try {
      expect(handle.driver).toBe("embedded");
      const users = await handle.db.select({ id: schema.users.id, email: schema.users.email, name: schema.users.name }).from(schema.users);
      expect(users).toEqual([USER]);
      const feeds = await handle.db.select({ id: schema.feeds.id, url: schema.feeds.url, title: schema.feeds.title }).from(schema.feeds).orderBy(asc(schema.feeds.id));
      expect(feeds).toEqual(FEEDS);
      const subscriptions = await handle.db.select().from(schema.subscriptions).where(eq(schema.subscriptions.userId, USER.id));
      expect(subscriptions).toHaveLength(1);
      expect(subscriptions[0]).toMatchObject({ ...SUBSCRIPTION, feedId: FEEDS[0]!.id, targetId: FEEDS[0]!.id });
      const [accounts] = rowsOf<{ count: number }>(await handle.db.execute(sql`SELECT count(*)::int AS count FROM accounts WHERE user_id = ${USER.id}`));
      expect(accounts!.count).toBe(1);
    } finally {
      await handle.close();
      await lock.release();
    }
  }, 60_000);
});
