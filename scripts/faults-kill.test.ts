// Fault: `npm start` (embedded PGlite) is killed with SIGKILL while a reader writes. Four writers
// mark entries read, star them and follow feeds; the process dies mid-write; started again on the
// same DATA_DIR it comes up, and its database is consistent: every write answered 2xx before the
// kill is there, and the unread counts match a recount of the unread entries.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { type DatabaseHandle, openDatabase } from "@tidings/server";
import { rssFeed, startFeedServer, type FeedServer } from "@tidings/server/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { duplicateEntries, readerState, unreadCountMismatches } from "./faults/consistency.ts";
import { killHard } from "./faults/processes.ts";
import { type Reader, signUp } from "./faults/reader.ts";
import { type ServerProc, startServer, untilReady } from "./faults/server.ts";

const EMAIL = "kill@example.com";
const ITEMS = 200;
const FOLLOWS = 60;
const WRITERS = 4;

type Write = { kind: "follow" | "mark" | "star"; target: string };

describe("kill -9 the single-process PGlite server mid-write", () => {
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
    await feeds?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  it("starts again on the same data directory with every acknowledged write and consistent counts", async () => {
    server = await startServer("pglite", { DATA_DIR: dataDir });
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

    // Started again on the same directory (and port: the reader's session carries on).
    const started = Date.now();
    server = await startServer("pglite-again", { DATA_DIR: dataDir }, server.port);
    await untilReady(server);
    const restartMs = Date.now() - started;
    console.log(`PGlite kill -9: ${acknowledged.length} writes acknowledged before the kill (${kinds("mark")} marks, ${kinds("star")} stars, ${kinds("follow")} follows); started again and ready in ${restartMs} ms`);
    const counts = await reader.call("GET", "/reads");
    expect(counts.status).toBe(200);
    // The restarted server takes writes.
    expect((await reader.call("POST", "/collections", { entryId: entryIds.at(-1)!, view: 0 })).status).toBe(200);
    server.child.kill("SIGTERM");
    await server.exited();
    expect(server.child.exitCode).toBe(0);

    database = await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "db") });
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
