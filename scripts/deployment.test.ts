// The topology of deploy/compose.yaml without Docker: PostgreSQL (a fresh database on a server the
// test starts from the embedded binaries, or on TEST_DATABASE_URL's), two API processes with
// SCHEDULER=false, one refresh worker and Caddy with the committed deploy/Caddyfile in front, each
// started as the image starts it.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { createScratchDatabase, type ScratchDatabase } from "./faults/scratch-database.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, rssFeed, startFeedServer, type FeedServer } from "@tidings/server/testing";
import { serverMain } from "./server-process.ts";
import { ROOT, SERVER_NODE_FLAGS } from "./web-build.ts";

const WORKER = path.join(ROOT, "apps/server/src/worker.ts");
const CADDYFILE = path.join(ROOT, "deploy/Caddyfile");
const SECRET = randomBytes(32).toString("base64url");

interface Proc {
  name: string;
  child: ChildProcess;
  /** What the process wrote on stdout (its JSON log lines). */
  output: () => string;
}

function start(name: string, command: string, args: string[], env: Record<string, string>): Proc {
  const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => {
    output += chunk;
    if (process.env.DEPLOYMENT_TEST_LOG) process.stderr.write(`[${name}] ${chunk}`);
  });
  return { name, child, output: () => output };
}

async function waitFor(what: string, check: () => Promise<boolean>, procs: Proc[], timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const dead = procs.find((proc) => proc.child.exitCode !== null);
    if (dead) throw new Error(`${dead.name} exited with ${dead.child.exitCode} while waiting for ${what}:\n${dead.output().slice(-2000)}`);
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** How many GETs of `pathname` a process logged answering 200. */
const answered = (proc: Proc, pathname: string) => proc.output().split("\n").filter((line) => line.includes(`"method":"GET","path":"${pathname}","status":200`)).length;

describe("the compose topology: PostgreSQL, two API processes, a worker, Caddy", () => {
  let scratch: ScratchDatabase | null = null;
  let databaseUrl: string;
  let db: pg.Client;
  let feeds: FeedServer;
  let dataDir: string;
  let proxy: string;
  const api: Proc[] = [];
  let worker: Proc | null = null;
  let caddy: Proc | null = null;

  beforeAll(async () => {
    const caddyVersion = spawnSync("caddy", ["version"], { encoding: "utf8" });
    if (caddyVersion.error || caddyVersion.status !== 0) {
      throw new Error("The deployment test needs Caddy, the reverse proxy of deploy/compose.yaml: `apt-get install -y caddy` (.ci/run installs it).");
    }
    scratch = await createScratchDatabase("tidings_deploy");
    databaseUrl = scratch.url;
    db = new pg.Client({ connectionString: databaseUrl });
    feeds = await startFeedServer();
    dataDir = await mkdtemp(path.join(tmpdir(), "tidings-deploy-"));

    const proxyPort = await freePort();
    proxy = `http://127.0.0.1:${proxyPort}`;
    const common = { DATABASE_URL: databaseUrl, AUTH_SECRET: SECRET, WEB_URL: proxy, TRUST_PROXY: "true", HOST: "127.0.0.1", LOG_LEVEL: "info", PRIVATE_NETWORKS_FOR: "everyone", SHARED_PRIVATE_ADDRESSES: "127.0.0.1", NODE_ENV: "production" };
    const ports = [await freePort(), await freePort()];
    for (const [i, port] of ports.entries()) {
      api.push(start(`api-${i + 1}`, process.execPath, [...SERVER_NODE_FLAGS, serverMain()], { ...common, PORT: String(port), SCHEDULER: "false", WORKER_ID: String(i + 1), DATA_DIR: path.join(dataDir, `api-${i + 1}`) }));
    }
    for (const [i, port] of ports.entries()) await waitFor(`api-${i + 1} to be ready`, async () => (await fetch(`http://127.0.0.1:${port}/readyz`)).ok, api);
    caddy = start("caddy", "caddy", ["run", "--config", CADDYFILE, "--adapter", "caddyfile"], {
      SITE_ADDRESS: `http://127.0.0.1:${proxyPort}`,
      API_UPSTREAMS: ports.map((port) => `127.0.0.1:${port}`).join(" "),
      HOME: dataDir,
      XDG_DATA_HOME: path.join(dataDir, "caddy-data"),
      XDG_CONFIG_HOME: path.join(dataDir, "caddy-config"),
    });
    await waitFor("Caddy to answer", async () => (await fetch(`${proxy}/readyz`)).ok, [...api, caddy]);
    await db.connect();
  }, 60_000);

  afterAll(async () => {
    for (const proc of [caddy, worker, ...api]) if (proc && proc.child.exitCode === null) proc.child.kill("SIGKILL");
    await db?.end().catch(() => {});
    await feeds?.close();
    await scratch?.drop().catch(() => {});
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 30_000);

  it("serves sessions on both API processes, leaves refreshing to the worker, and survives losing one API process", async () => {
    const ready = await fetch(`${proxy}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready" });

    // A reader signs up through the proxy; the session is good on either process.
    const headers = { origin: proxy, "content-type": "application/json" };
    const signUp = await fetch(`${proxy}/api/better-auth/sign-up/email`, { method: "POST", headers, body: JSON.stringify({ email: "deploy@example.com", password: "correct horse battery", name: "Deploy" }) });
    expect(signUp.status).toBe(200);
    const cookie = signUp.headers.getSetCookie().map((line) => line.split(";")[0]).join("; ");
    const call = (method: string, pathname: string, body?: unknown) => fetch(`${proxy}/api${pathname}`, { method, headers: { ...headers, cookie }, ...(body ? { body: JSON.stringify(body) } : {}) });

    feeds.set("/deploy.xml", { body: rssFeed({ title: "Deploy", items: [{ guid: "one", title: "One" }] }) });
    const follow = await call("POST", "/subscriptions", { url: feeds.url("/deploy.xml"), view: 0 });
    expect(follow.status).toBe(200);
    for (let i = 0; i < 6; i++) {
      const list = await call("GET", "/subscriptions");
      expect(list.status).toBe(200);
      expect(JSON.stringify(await list.json())).toContain("Deploy");
    }
    // Round robin: both processes answered the signed-in reader.
    expect(api.every((proc) => answered(proc, "/api/subscriptions") > 0)).toBe(true);

    // The API processes refresh nothing (SCHEDULER=false): a new item waits for the worker.
    const [feed] = (await db.query<{ id: string }>(`SELECT id FROM feeds WHERE url = $1`, [feeds.url("/deploy.xml")])).rows;
    const hitsAtFollow = feeds.hits("/deploy.xml");
    feeds.set("/deploy.xml", { body: rssFeed({ title: "Deploy", items: [{ guid: "two", title: "Two" }, { guid: "one", title: "One" }] }) });
    await db.query(`UPDATE feeds SET next_check_at = now() WHERE id = $1`, [feed!.id]);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(feeds.hits("/deploy.xml")).toBe(hitsAtFollow);
    worker = start("worker", process.execPath, [WORKER], { DATABASE_URL: databaseUrl, AUTH_SECRET: SECRET, WORKER_ID: "3", LOG_LEVEL: "info", PRIVATE_NETWORKS_FOR: "everyone", SHARED_PRIVATE_ADDRESSES: "127.0.0.1", DATA_DIR: path.join(dataDir, "worker") });
    const entryCount = async () => Number((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM entries WHERE feed_id = $1`, [feed!.id])).rows[0]!.n);
    await waitFor("the worker to refresh the feed", async () => (await entryCount()) === 2, [...api, worker]);
    expect(feeds.hits("/deploy.xml")).toBe(hitsAtFollow + 1);

    // One API process goes away: the proxy answers every request from the other.
    api[0]!.child.kill("SIGKILL");
    await once(api[0]!.child, "exit");
    const before = answered(api[1]!, "/api/subscriptions");
    for (let i = 0; i < 6; i++) expect((await call("GET", "/subscriptions")).status).toBe(200);
    expect(answered(api[1]!, "/api/subscriptions") - before).toBe(6);
    expect((await fetch(`${proxy}/readyz`)).status).toBe(200);

    // The worker stops cleanly.
    const exited = once(worker.child, "exit");
    worker.child.kill("SIGTERM");
    expect((await exited)[0]).toBe(0);
  }, 60_000);
});
