import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { createReadStream } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { gzipSync } from "node:zlib";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, rowsOf } from "../../src/db/client.ts";
import { restoreBackup } from "../../src/features/backup/index.ts";
import { TEST_ORIGIN } from "../helpers/app.ts";
import { openTestDatabase } from "../helpers/database.ts";
import { rssFeed, startFeedServer, type FeedServer } from "../helpers/feed-server.ts";
import { freePort } from "../helpers/free-port.ts";
import { adminUrl, databaseUrl } from "../helpers/postgres.ts";
import { backupBytes, tableContents } from "./backup-helpers.ts";

const MAIN = fileURLToPath(new URL("../../src/main.ts", import.meta.url));
const CLI = fileURLToPath(new URL("../../src/cli.ts", import.meta.url));
const PASSWORD = "correct horse battery";
const { DATABASE_URL: _configured, ...INHERITED } = process.env;
const ENV = { ...INHERITED, AUTH_SECRET: "test-secret-".padEnd(40, "x"), LOG_LEVEL: "warn", WEB_URL: TEST_ORIGIN, PRIVATE_NETWORKS_FOR: "everyone" };

function run(script: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [script, ...args], { env: { ...ENV, ...env } });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on("exit", (code) => resolve({ code, stdout, stderr })));
}

async function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, [MAIN], { env: { ...ENV, PORT: String(port), ...env }, stdio: ["ignore", "inherit", "inherit"] });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 80_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error("the server did not start");
    if (await fetch(`${url}/readyz`).then((response) => response.ok, () => false)) return { child, url };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = once(child, "exit");
  child.kill("SIGTERM");
  await exited;
}

/** The API as one reader of the server at `base`. */
function client(base: string, cookie = "") {
  const call = async <T>(method: string, route: string, json?: unknown) => {
    const response = await fetch(`${base}/api${route}`, { method, headers: { origin: TEST_ORIGIN, cookie, ...(json !== undefined ? { "content-type": "application/json" } : {}) }, ...(json !== undefined ? { body: JSON.stringify(json) } : {}) });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : {}) as { data?: T; [key: string]: unknown }, cookie: response.headers.getSetCookie().map((line) => line.split(";")[0]).join("; ") };
  };
  return { get: <T>(route: string) => call<T>("GET", route), post: <T>(route: string, json: unknown = {}) => call<T>("POST", route, json), put: <T>(route: string, json: unknown) => call<T>("PUT", route, json), patch: <T>(route: string, json: unknown) => call<T>("PATCH", route, json), delete: <T>(route: string, json: unknown) => call<T>("DELETE", route, json) };
}

async function signIn(base: string, email: string) {
  const answer = await client(base).post("/better-auth/sign-in/email", { email, password: PASSWORD });
  return { status: answer.status, api: client(base, answer.cookie) };
}

describe("npm start on the embedded database: backup while it runs, and the move to PostgreSQL", () => {
  let feeds: FeedServer;
  let dataDir: string;
  let server: { child: ChildProcess; url: string };
  let scratch: string;
  let ann: ReturnType<typeof client>;
  let annId: string;
  let entryIds: string[];
  const admin = new pg.Client({ connectionString: adminUrl() });

  beforeAll(async () => {
    feeds = await startFeedServer();
    feeds.set("/gazette.xml", { body: rssFeed({ title: "Harbour Gazette", items: Array.from({ length: 30 }, (_, i) => ({ guid: `g${i}`, title: `Ferry ${i}` })) }) });
    dataDir = await mkdtemp(path.join(tmpdir(), "tidings-backup-"));
    server = await startServer({ DATA_DIR: dataDir });
    const signUp = async (email: string, name: string) => (await client(server.url).post<never>("/better-auth/sign-up/email", { email, password: PASSWORD, name })) as { body: { user?: { id: string } }; cookie: string };
    const boss = await signUp("admin@example.com", "Admin");
    const reader = await signUp("ann@example.com", "Ann");
    annId = reader.body.user!.id;
    ann = client(server.url, reader.cookie);
    expect((await ann.post("/subscriptions", { url: feeds.url("/gazette.xml"), view: 0 })).status).toBe(200);
    const timeline = await ann.post<{ entries: { id: string } }[]>("/entries", { view: 0, limit: 50 });
    entryIds = timeline.body.data!.map((item) => item.entries.id);
    expect(entryIds).toHaveLength(30);
    expect((await ann.post("/reads", { entryIds: entryIds.slice(0, 3) })).status).toBe(200);
    expect((await ann.post("/collections", { entryId: entryIds[5] })).status).toBe(200);
    expect((await ann.patch("/settings/general", { unreadOnly: false })).status).toBe(200);
    expect((await ann.put("/actions", { rules: [{ name: "Mute sponsors", condition: [[{ field: "entry_title", operator: "contains", value: "sponsored" }]], result: { block: true } }] })).status).toBe(200);
    expect((await client(server.url, boss.cookie).post("/admin/power/mint", { userId: annId, amount: "42" })).status).toBe(200);
    await admin.connect();
  }, 120_000);
  afterAll(async () => {
    if (server?.child) await stop(server.child);
    await feeds?.close();
    if (scratch) await admin.query(`DROP DATABASE IF EXISTS ${scratch}`);
    await admin.end();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("refuses a second process on the same data directory, saying which one has it", async () => {
    const second = await run(MAIN, [], { DATA_DIR: dataDir, PORT: String(await freePort()) });
    expect(second.code).toBe(1);
    expect(second.stdout + second.stderr).toContain(`is in use by a running Tidings server (process ${server.child.pid}, ${server.url})`);
    const file = path.join(dataDir, "some.backup.jsonl.gz");
    await writeFile(file, gzipSync("{}\n"));
    const restore = await run(CLI, ["restore", file], { DATA_DIR: dataDir });
    expect(restore.code).toBe(1);
    expect(restore.stderr).toContain(`is in use by a running Tidings server (process ${server.child.pid}`);
  }, 60_000);

  it("backs up the running server from the CLI, consistent while a reader marks and stars", async () => {
    let writing = true;
    let writes = 0;
    const writer = (async () => {
      for (let i = 0; writing; i++) {
        const entryId = entryIds[i % entryIds.length]!;
        await (i % 2 ? ann.delete("/reads", { entryId }) : ann.post("/reads", { entryIds: [entryId] }));
        await ann.post("/collections", { entryId });
        writes++;
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const file = path.join(dataDir, "running.backup.jsonl.gz");
    const backup = await run(CLI, ["backup", file], { DATA_DIR: dataDir });
    writing = false;
    await writer;
    expect(backup.stderr).toBe("");
    expect(JSON.parse(backup.stdout)).toMatchObject({ file, from: server.url, askedServerPid: server.child.pid });
    expect(writes).toBeGreaterThan(0);
    const restored = await openTestDatabase();
    try {
      await restoreBackup(restored.db, createReadStream(file));
      const read = async (query: ReturnType<typeof sql>) => rowsOf<{ source_id: string; n: number }>(await restored.db.execute(query)).map((row) => `${row.source_id}:${row.n}`);
      const kept = await read(sql`SELECT source_id::text, count AS n FROM unread_counts WHERE user_id = ${annId} AND count > 0`);
      const truth = await read(sql`SELECT t.source_id::text, count(*)::int AS n FROM timeline t JOIN unread_entries u USING (user_id, entry_id, source_id) WHERE t.user_id = ${annId} GROUP BY t.source_id`);
      expect(kept).toEqual(truth);
    } finally {
      await restored.close();
    }
    // Without the secret of the server's lock, and without an admin session, no backup.
    expect((await fetch(`${server.url}/api/admin/backup`, { headers: { authorization: "Bearer guess" } })).status).toBe(401);
    expect((await ann.get("/admin/backup")).body).toMatchObject({ code: 1004 });
  }, 60_000);

  it("moves to PostgreSQL: sign-in, reads, stars, settings, actions and POWER are all there", async () => {
    const before = { reads: (await ann.get("/reads")).body.data, actions: (await ann.get("/actions")).body.data, settings: (await ann.get("/settings")).body.settings, wallet: (await ann.get<{ powerToken: string }[]>("/wallets")).body.data![0]!.powerToken };
    await stop(server.child);
    scratch = `tidings_move_${randomBytes(4).toString("hex")}`;
    await admin.query(`CREATE DATABASE ${scratch}`);
    const startedMove = performance.now();
    const moved = await run(CLI, ["move", "--to", databaseUrl(scratch)], { DATA_DIR: dataDir });
    console.info(`move: ${Math.round(performance.now() - startedMove)} ms`);
    expect(moved.stderr).toBe("");
    const outcome = JSON.parse(moved.stdout) as { backupKept: string };
    // Every row of every table, as the embedded database had it.
    const target = await openDatabase({ kind: "postgres", url: databaseUrl(scratch) });
    try {
      const kept = tableContents(await readFile(outcome.backupKept));
      const now = tableContents(await backupBytes(target));
      for (const [table, rows] of kept) expect(now.get(table), table).toEqual(rows);
    } finally {
      await target.close();
    }
    server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl(scratch) });
    const again = await signIn(server.url, "ann@example.com");
    expect(again.status).toBe(200);
    const after = { reads: (await again.api.get("/reads")).body.data, actions: (await again.api.get("/actions")).body.data, settings: (await again.api.get("/settings")).body.settings, wallet: (await again.api.get<{ powerToken: string }[]>("/wallets")).body.data![0]!.powerToken };
    expect(after).toEqual(before);
    expect(BigInt(after.wallet)).toBeGreaterThan(0n);
    // Moving again into the now busy database is refused.
    await stop(server.child);
    const twice = await run(CLI, ["move", "--to", databaseUrl(scratch)], { DATA_DIR: dataDir });
    expect(twice.code).toBe(1);
    expect(twice.stderr).toMatch(/not empty|already migrated/);
  }, 180_000);
});
