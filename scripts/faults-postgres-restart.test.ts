// Fault: PostgreSQL restarts while readers use the servers. A PostgreSQL of the test's own (the
// embedded binaries, started in a temporary directory and reached by DATABASE_URL over its Unix
// socket, as an operator's server: no PostgreSQL of the machine is needed or touched) under two
// API processes and a refresh worker; readers loop over their timeline and unread counts on both
// processes, PostgreSQL stops (fast shutdown) and starts again. During the outage every answer is
// a 503 with code 19000 and a Retry-After (a session neither process has cached too, never a
// 401), and /readyz says not ready; once PostgreSQL is back both answer within 10 s, the marks and
// stars the readers made during the outage, retried, are there, and the worker refreshes again.
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { type DatabaseHandle, openDatabase, rowsOf } from "@tidings/server";
import { rssFeed, startFeedServer, type FeedServer } from "@tidings/server/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readerState, unreadCountMismatches } from "./faults/consistency.ts";
import { type PrivatePostgres, startPrivatePostgres } from "./faults/private-postgres.ts";
import { sql } from "drizzle-orm";
import { isRunning, killHard, type Proc, startProcess, waitFor } from "./faults/processes.ts";
import { ROOT } from "./web-build.ts";
import { type Reader, signUp } from "./faults/reader.ts";
import { AUTH_SECRET, type ServerProc, startServer, untilReady } from "./faults/server.ts";

const READERS = 3;
const ITEMS = 30;

interface Answer {
  at: number;
  status: number;
  ms: number;
  code?: number;
  retryAfter: string | null;
}

/** Calls the API and notes the answer; a request that gets no answer at all is noted as status 0. */
async function note(reader: Reader, answers: Answer[], method: string, pathname: string, body?: unknown): Promise<Answer> {
  const started = Date.now();
  let answer: Answer;
  try {
    const response = await reader.call(method, pathname, body);
    const json = (await response.json().catch(() => ({}))) as { code?: number };
    answer = { at: started, status: response.status, ms: Date.now() - started, code: json.code, retryAfter: response.headers.get("retry-after") };
  } catch {
    answer = { at: started, status: 0, ms: Date.now() - started, retryAfter: null };
  }
  answers.push(answer);
  return answer;
}

describe("PostgreSQL restarts under load", () => {
  let postgres: PrivatePostgres | null = null;
  let feeds: FeedServer | null = null;
  const api: ServerProc[] = [];
  let worker: Proc | null = null;
  let dataDir = "";
  let database: DatabaseHandle | null = null;

  beforeAll(async () => {
    postgres = await startPrivatePostgres();
    feeds = await startFeedServer();
    feeds.set("/news.xml", { body: rssFeed({ title: "News", items: Array.from({ length: ITEMS }, (_, i) => ({ guid: `n${i}`, title: `News ${i}` })) }) });
    dataDir = await mkdtemp(path.join(tmpdir(), "tidings-faults-restart-"));
    for (const name of ["api-1", "api-2"]) api.push(await startServer(name, { DATABASE_URL: postgres.url, SCHEDULER: "false", DATA_DIR: path.join(dataDir, name) }));
    for (const server of api) await untilReady(server);
    worker = startProcess("worker", process.execPath, [path.join(ROOT, "apps/server/src/worker.ts")], {
      DATABASE_URL: postgres.url, AUTH_SECRET, LOG_LEVEL: "info", PRIVATE_NETWORKS_FOR: "everyone", SHARED_PRIVATE_ADDRESSES: "127.0.0.1", FETCH_READ_THREADS: "0", DATA_DIR: path.join(dataDir, "worker"),
    });
    const started = worker;
    await waitFor("the worker to start", () => started.output().includes("refresh worker started"), { watch: [started], timeoutMs: 60_000 });
  }, 90_000);

  afterAll(async () => {
    for (const proc of [worker, ...api]) if (proc) await killHard(proc);
    await database?.close().catch(() => {});
    await feeds?.close();
    await postgres?.destroy();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  it("answers 503 with code 19000 and Retry-After during the outage, is back within 10 s, and the changes retried after it land", async () => {
    const server = api[0]!;
    const readers: Reader[] = [];
    const entryIds: string[] = [];
    for (let i = 0; i < READERS; i++) {
      const reader = await signUp(server.base, `restart${i}@example.com`);
      expect((await reader.call("POST", "/subscriptions", { url: feeds!.url("/news.xml"), view: 0 })).status).toBe(200);
      // Readers take turns between the two processes.
      readers.push(i % 2 === 0 ? reader : reader.on(api[1]!.base));
    }
    // A session api-2 has never seen: it must look it up during the outage.
    const unseen = await signUp(server.base, "unseen@example.com");
    const timeline = (await (await readers[0]!.call("POST", "/entries", { view: 0, limit: 100 })).json()) as { data: { entries: { id: string } }[] };
    entryIds.push(...timeline.data.map((item) => item.entries.id));
    expect(entryIds).toHaveLength(ITEMS);

    // The load: each reader loops over its timeline and unread counts until told to stop.
    const answers: Answer[] = [];
    let loading = true;
    const loops = readers.map(async (reader) => {
      while (loading) {
        await note(reader, answers, "POST", "/entries", { view: 0, limit: 20 });
        await note(reader, answers, "GET", "/reads");
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 1500));

    // The feed changes and is due during the outage: the worker will fail to claim it meanwhile.
    database = await openDatabase({ kind: "postgres", url: postgres!.url, maxConnections: 2 });
    feeds!.set("/news.xml", { body: rssFeed({ title: "News", items: Array.from({ length: ITEMS + 1 }, (_, i) => ({ guid: `n${i}`, title: `News ${i}` })) }) });
    await database.db.execute(sql`UPDATE feeds SET next_check_at = now() + interval '2 seconds'`);
    const storedEntries = async () => rowsOf<{ n: number }>(await database!.db.execute(sql`SELECT count(*)::int AS n FROM entries`))[0]!.n;
    expect(await storedEntries()).toBe(ITEMS);

    const pid = postgres!.pid;
    await postgres!.stop();
    // From here PostgreSQL is gone (its process has exited).
    expect(pid !== null && existsSync(`/proc/${pid}`)).toBe(false);
    const stoppedAt = Date.now();
    await waitFor("/readyz to say not ready", async () => (await fetch(`${server.base}/readyz`)).status === 503, { watch: [server], timeoutMs: 5000 });

    // The changes each reader makes during the outage: every one refused clearly, kept to retry.
    const marks = (i: number) => entryIds.slice(i * 5, i * 5 + 5);
    const stars = (i: number) => entryIds.slice(20 + i * 2, 20 + i * 2 + 2);
    const refused: Answer[] = [];
    for (const [i, reader] of readers.entries()) {
      refused.push(await note(reader, answers, "POST", "/reads", { entryIds: marks(i) }));
      for (const entryId of stars(i)) refused.push(await note(reader, answers, "POST", "/collections", { entryId, view: 0 }));
    }
    refused.push(await note(unseen.on(api[1]!.base), answers, "GET", "/reads"));
    await new Promise((resolve) => setTimeout(resolve, 4000));
    for (const answer of refused) expect(answer).toMatchObject({ status: 503, code: 19000, retryAfter: "5" });
    for (const proc of api) {
      const ready = await fetch(`${proc.base}/readyz`);
      expect(ready.status).toBe(503);
      // The reason names the failure, not the query that met it.
      // (Its Unix socket is gone with it: ENOENT; on the loopback address it would be ECONNREFUSED.)
      expect(await ready.json()).toEqual({ status: "not ready", reason: expect.stringMatching(/^the database is unreachable: connect (ENOENT \/\S+\/\.s\.PGSQL\.\d+|ECONNREFUSED 127\.0\.0\.1:\d+)$/) });
    }

    const restartedAt = Date.now();
    await postgres!.start();
    const backAt = Date.now();
    const reconnectMs = Math.max(
      ...(await Promise.all(readers.slice(0, 2).map((reader) => waitFor(`${reader.base} to answer again`, async () => (await reader.call("GET", "/reads")).status === 200, { watch: api, timeoutMs: 10_000 })))),
    );
    for (const proc of api) await waitFor(`${proc.name}'s /readyz to say ready`, async () => (await fetch(`${proc.base}/readyz`)).ok, { watch: api, timeoutMs: 10_000 });
    const readyMs = Date.now() - backAt;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    loading = false;
    await Promise.all(loops);

    // The client retries what was refused; each lands now.
    for (const [i, reader] of readers.entries()) {
      expect((await reader.call("POST", "/reads", { entryIds: marks(i) })).status).toBe(200);
      for (const entryId of stars(i)) expect((await reader.call("POST", "/collections", { entryId, view: 0 })).status).toBe(200);
    }

    const during = answers.filter((answer) => answer.at >= stoppedAt && answer.at + answer.ms < restartedAt);
    const after = answers.filter((answer) => answer.at >= backAt + reconnectMs);
    console.log(
      `PostgreSQL restart: ${answers.length} requests; during the outage ${during.length} (statuses ${[...new Set(during.map((a) => a.status))].join(", ")}, ` +
        `slowest ${Math.max(...during.map((a) => a.ms))} ms); answering again ${reconnectMs} ms and ready ${readyMs} ms after PostgreSQL accepted connections; ${after.length} requests after, all 200: ${after.every((a) => a.status === 200)}`,
    );
    // No 500, no hang: whatever failed failed fast with the clear code.
    expect(answers.filter((answer) => answer.status !== 200 && !(answer.status === 503 && answer.code === 19000 && answer.retryAfter === "5"))).toEqual([]);
    expect(during.length).toBeGreaterThan(0);
    expect(during.every((answer) => answer.status === 503 && answer.ms < 5000)).toBe(true);
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((answer) => answer.status === 200)).toBe(true);
    expect(reconnectMs).toBeLessThan(10_000);

    // The worker lived through it and refreshes the feed that fell due during the outage.
    // (The worker looks at the queue at least every 30 s: the feed was made due behind its back.)
    const refreshMs = await waitFor("the worker to refresh again", async () => (await storedEntries()) === ITEMS + 1, { watch: [worker!], timeoutMs: 40_000 });
    console.log(`the worker stored the new entry ${refreshMs} ms after the servers answered again`);
    expect(isRunning(worker!)).toBe(true);

    // The readers' view and the database's agree with what was acknowledged.
    for (const [i, reader] of readers.entries()) {
      const state = await readerState(database.db, `restart${i}@example.com`);
      for (const id of marks(i)) expect(state.unread.has(id)).toBe(false);
      expect([...state.starred].sort()).toEqual(stars(i).sort());
      expect(state.unread.size).toBe(ITEMS + 1 - 5);
      const counts = (await (await reader.call("GET", "/reads")).json()) as { data: Record<string, number> };
      expect(Object.values(counts.data)).toEqual([ITEMS + 1 - 5]);
    }
    expect(await unreadCountMismatches(database.db)).toEqual([]);
  }, 120_000);
});
