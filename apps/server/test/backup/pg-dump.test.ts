import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/db/client.ts";
import { migrate } from "../../src/db/migrate.ts";
import { apiAs } from "../helpers/api.ts";
import { cookieFrom, signUp, type TestApp } from "../helpers/app.ts";
import { rssFeed, startFeedServer, type FeedServer } from "../helpers/feed-server.ts";
import { appOver, backupBytes, tableContents } from "./backup-helpers.ts";

const exec = promisify(execFile);
const PASSWORD = "correct horse battery";

/**
 * An operator's own PostgreSQL with its own tools (pg_dump of the same major version or newer):
 * TEST_PG_TOOLS_URL, by default the machine's PostgreSQL on 127.0.0.1:5432. The embedded
 * PostgreSQL ships no pg_dump (its backups are `npm run cli -- backup`); without such a server
 * this file is skipped.
 */
const SYSTEM_URL = process.env.TEST_PG_TOOLS_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const toolsReady = await exec("pg_isready", ["-q", "-d", SYSTEM_URL]).then(() => true, () => false);

function databaseUrl(name: string): string {
  const url = new URL(SYSTEM_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The libpq options of that server, for the command-line tools (createdb, pg_dump…). */
function connection(): string[] {
  const url = new URL(SYSTEM_URL);
  return ["-h", url.hostname, "-p", url.port || "5432", "-U", decodeURIComponent(url.username || "postgres")];
}

/** A server over a new database on the test PostgreSQL, migrated as `npm start` does. */
async function serverOn(name: string): Promise<TestApp> {
  const database = await openDatabase({ kind: "postgres", url: databaseUrl(name) });
  await migrate(database.db);
  // The feed server is on loopback: readers may reach private networks.
  return appOver({ ...database, url: databaseUrl(name) }, { PRIVATE_NETWORKS_FOR: "everyone" });
}

describe.runIf(toolsReady)("PostgreSQL backed up with pg_dump -Fc and put back with pg_restore", () => {
  const names = [`tidings_dump_${randomBytes(4).toString("hex")}`, `tidings_restored_${randomBytes(4).toString("hex")}`];
  let feeds: FeedServer;
  let dir: string;

  beforeAll(async () => {
    feeds = await startFeedServer();
    feeds.set("/gazette.xml", { body: rssFeed({ title: "Harbour Gazette", items: Array.from({ length: 12 }, (_, i) => ({ guid: `g${i}`, title: `Ferry ${i}` })) }) });
    dir = await mkdtemp(path.join(tmpdir(), "tidings-pgdump-"));
    for (const name of names) await exec("createdb", [...connection(), name]);
  });
  afterAll(async () => {
    for (const name of names) await exec("dropdb", [...connection(), "--if-exists", name]).catch(() => {});
    await feeds?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("keeps every row: a reader signs in and finds their reads, stars and POWER", async () => {
    const source = await serverOn(names[0]!);
    let before: Map<string, string[]>;
    let reads: unknown;
    try {
      const boss = await signUp(source, { email: "admin@example.com", password: PASSWORD });
      const reader = await signUp(source, { email: "ann@example.com", password: PASSWORD, name: "Ann" });
      const ann = apiAs(source, reader.cookie);
      expect((await ann.post("/subscriptions", { url: feeds.url("/gazette.xml"), view: 0 })).status).toBe(200);
      const entryIds = (await ann.post<{ entries: { id: string } }[]>("/entries", { view: 0, limit: 50 })).body.data!.map((item) => item.entries.id);
      expect(entryIds).toHaveLength(12);
      expect((await ann.post("/reads", { entryIds: entryIds.slice(0, 4) })).status).toBe(200);
      expect((await ann.post("/collections", { entryId: entryIds[6] })).status).toBe(200);
      expect((await apiAs(source, boss.cookie).post("/admin/power/mint", { userId: reader.userId, amount: "7" })).status).toBe(200);
      reads = (await ann.get("/reads")).body.data;
      before = tableContents(await backupBytes(source.database));
    } finally {
      await source.close();
    }

    const file = path.join(dir, "tidings.dump");
    await exec("pg_dump", [...connection(), "-Fc", "-f", file, names[0]!]);
    expect((await stat(file)).size).toBeGreaterThan(1000);
    await exec("pg_restore", [...connection(), "--no-owner", "--exit-on-error", "-d", names[1]!, file]);

    const restored = await serverOn(names[1]!);
    try {
      expect(tableContents(await backupBytes(restored.database))).toEqual(before);
      const signIn = await restored.request("/api/better-auth/sign-in/email", { json: { email: "ann@example.com", password: PASSWORD } });
      expect(signIn.status).toBe(200);
      const ann = apiAs(restored, cookieFrom(signIn));
      expect((await ann.get("/reads")).body.data).toEqual(reads);
      expect(BigInt((await ann.get<{ powerToken: string }[]>("/wallets")).body.data![0]!.powerToken)).toBeGreaterThan(0n);
    } finally {
      await restored.close();
    }
  }, 120_000);
});
