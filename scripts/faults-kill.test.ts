// Fault: `npm start` (its embedded PostgreSQL in DATA_DIR/postgres) is killed with SIGKILL while a
// reader writes. Four writers mark entries read, star them and follow feeds; the server process
// dies mid-write and leaves its PostgreSQL running (a process group of its own, which does not
// watch its parent). Started again on the same DATA_DIR, the server finds that PostgreSQL through
// the cluster's postmaster.pid, stops it, starts its own and comes up; its database is
// consistent: every write answered 2xx before the kill is there, and the unread counts match a
// recount of the unread entries. A clean stop then leaves no PostgreSQL behind.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { clusterDirOf, type DatabaseHandle, openDatabase } from "@tidings/server";
import { rssFeed, startFeedServer, type FeedServer } from "@tidings/server/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postmasterOf, stopClusterLeftover } from "./bench/postgres-processes.ts";
import { duplicateEntries, readerState, unreadCountMismatches } from "./faults/consistency.ts";
import { killHard } from "./faults/processes.ts";
import { type Reader, signUp } from "./faults/reader.ts";
import { type ServerProc, startServer, untilReady } from "./faults/server.ts";

const EMAIL = "kill@example.com";
const ITEMS = 200;
const FOLLOWS = 60;
const WRITERS = 4;

type Write = { kind: "follow" | "mark" | "star"; target: string };

/** What /proc says process `pid` runs (its command name), or null once it has ended (a zombie included). */
async function commandOf(pid: number): Promise<string | null> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => null);
  if (stat === null || stat.slice(stat.lastIndexOf(")") + 2).startsWith("Z")) return null;
  return stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
}

describe("kill -9 npm start's server (embedded PostgreSQL) mid-write", () => {
  let dataDir = "";
  let feeds: FeedServer | null = null;
  let server: ServerProc | null = null;
  let database: DatabaseHandle | null = null;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "tidings-faults-kill-"));
    feeds = await startFeedServer();
    feeds.set("/big.xml", { body: rssFeed({ title: "Big", items: Array.from({ length: ITEMS }, (_, i) => ({ guid: `b${i}`, title: `Big ${i}` })) }) });
    for (let f = 0; f < FOLLOWS; f++) feeds.set(`/f${f}.xml`, { body: rssFeed({ title: `Feed ${f}`, items: Array.from({ length: 10 }, (_, i) => ({ guid: `f${f}-${i}`, title: `Feed ${f} item ${i}` })) }) });
  });

  afterAll(async () => {
    if (server) await killHard(server);
    await database?.close().catch(() => {});
    // A PostgreSQL a killed server left running, when the test failed before the restart stopped it.
    if (dataDir) await stopClusterLeftover(clusterDirOf(dataDir)).catch(() => {});
    await feeds?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  it("starts again on the same data directory with every acknowledged write and consistent counts", async () => {
    const clusterDir = clusterDirOf(dataDir);
    server = await startServer("embedded", { DATA_DIR: dataDir });
    await untilReady(server);
    const reader: Reader = await signUp(server.base, EMAIL);
    expect((await reader.call("POST", "/subscriptions", { url: feeds!.url("/big.xml"), view: 0 })).status).toBe(200);
    const entryIds: string[] = [];
    for (let cursor: string | undefined; entryIds.length < ITEMS; ) {
      const page = (await (await reader.call("POST", "/entries", { view: 0, limit: 100, ...(cursor ? { cursor } : {}) })).json()) as { data: { entries: { id: string } }[]; nextCursor?: string };
      entryIds.push(...page.data.map((item) => item.entries.id));
      if (!page.nextCursor || page.data.length === 0) break;
      cursor = page.nextCursor;
    }
    expect(entryIds).toHaveLength(ITEMS);

    // Writers share one queue of writes; each write answered 2xx is noted.
    const queue: Write[] = [];
    for (let i = 0; i < ITEMS; i++) {
      queue.push({ kind: "mark", target: entryIds[i]! });
      if (i % 3 === 0) queue.push({ kind: "star", target: entryIds[i]! });
      if (i % 3 === 1 && i / 3 < FOLLOWS) queue.push({ kind: "follow", target: feeds!.url(`/f${Math.floor(i / 3)}.xml`) });
    }
    const acknowledged: Write[] = [];
    let failedBeforeKill = 0;
    let killed = false;
    const writers = Array.from({ length: WRITERS }, async () => {
      for (let write = queue.shift(); write && !killed; write = queue.shift()) {
        try {
          const response =
            write.kind === "follow"
              ? await reader.call("POST", "/subscriptions", { url: write.target, view: 0 })
              : write.kind === "mark"
                ? await reader.call("POST", "/reads", { entryIds: [write.target] })
                : await reader.call("POST", "/collections", { entryId: write.target, view: 0 });
          if (response.ok) acknowledged.push(write);
          else if (!killed) failedBeforeKill++;
        } catch {
          // The connection died with the process.
        }
      }
    });
    // Kill once a good part of the writes is acknowledged, with more under way.
    while (acknowledged.length < 60) await new Promise((resolve) => setTimeout(resolve, 20));
    killed = true;
    server.child.kill("SIGKILL");
    await server.exited();
    await Promise.all(writers);
    const kinds = (kind: Write["kind"]) => acknowledged.filter((write) => write.kind === kind).length;
    expect(failedBeforeKill).toBe(0);
    expect(queue.length).toBeGreaterThan(0);

    // The killed server's PostgreSQL still runs: the lock file of its cluster names it.
    const leftover = postmasterOf(clusterDir);
    expect(leftover, "the PostgreSQL of the killed server").not.toBeNull();
    expect(await commandOf(leftover!)).toMatch(/postgres/);

    // Started again on the same directory (and port: the reader's session carries on).
    const started = Date.now();
    server = await startServer("embedded-again", { DATA_DIR: dataDir }, server.port);
    await untilReady(server);
    const restartMs = Date.now() - started;
    console.log(
      `embedded PostgreSQL kill -9: ${acknowledged.length} writes acknowledged before the kill (${kinds("mark")} marks, ${kinds("star")} stars, ${kinds("follow")} follows); ` +
        `started again (the killed server's PostgreSQL, process ${leftover}, stopped first) and ready in ${restartMs} ms`,
    );
    // It stopped the one the killed server left, said so, and runs its own.
    expect(await commandOf(leftover!)).toBeNull();
    const own = postmasterOf(clusterDir);
    expect(own).not.toBeNull();
    expect(own).not.toBe(leftover);
    const warning = server.output().split("\n").find((line) => line.includes("left running"));
    expect(warning, server.output().slice(-2000)).toBeDefined();
    expect(JSON.parse(warning!)).toMatchObject({ pid: leftover, dir: clusterDir });
    const counts = await reader.call("GET", "/reads");
    expect(counts.status).toBe(200);
    // The restarted server takes writes.
    expect((await reader.call("POST", "/collections", { entryId: entryIds.at(-1)!, view: 0 })).status).toBe(200);
    server.child.kill("SIGTERM");
    await server.exited();
    expect(server.child.exitCode).toBe(0);
    // A clean stop stops its PostgreSQL too.
    expect(await commandOf(own!)).toBeNull();
    expect(postmasterOf(clusterDir)).toBeNull();

    database = await openDatabase({ kind: "embedded", dir: clusterDir });
    const state = await readerState(database.db, EMAIL);
    for (const write of acknowledged) {
      if (write.kind === "follow") expect(state.feedUrls.has(write.target), `follow of ${write.target}`).toBe(true);
      if (write.kind === "mark") expect(state.unread.has(write.target), `mark of ${write.target}`).toBe(false);
      if (write.kind === "star") expect(state.starred.has(write.target), `star of ${write.target}`).toBe(true);
    }
    expect(await unreadCountMismatches(database.db)).toEqual([]);
    expect(await duplicateEntries(database.db)).toEqual([]);
    // The counts the API answered agree with the recount.
    const answered = Object.values(((await counts.json()) as { data: Record<string, number> }).data).reduce((sum, n) => sum + n, 0);
    expect(answered).toBe(state.unread.size);
  }, 150_000);
});
