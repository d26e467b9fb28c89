// Fault: the disk under the data directory fills up. `npm start` (its embedded PostgreSQL in
// DATA_DIR/postgres) with DATA_DIR on a small tmpfs; a file fills the disk; the reader keeps
// writing (follows, marks, stars) and reading, and uploads an avatar. Each write is stored or
// refused with 507 / code 19001 (never a 500, never a crash), reads keep working; once the file is
// gone, the refused writes succeed without a restart, and the database opens consistent.
import { clusterDirOf, type DatabaseHandle, openDatabase } from "@tidings/server";
import { rssFeed, startFeedServer, type FeedServer } from "@tidings/server/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postmasterOf, stopClusterLeftover } from "./bench/postgres-processes.ts";
import { readerState, unreadCountMismatches } from "./faults/consistency.ts";
import { isRunning, killHard } from "./faults/processes.ts";
import { type Reader, signUp } from "./faults/reader.ts";
import { type ServerProc, startServer, untilReady } from "./faults/server.ts";
import { mountSmallDisk, type SmallDisk } from "./faults/small-disk.ts";

const EMAIL = "full@example.com";
/**
 * Big enough for the server's files and a new PostgreSQL cluster, migrated: ~60 MB, of which
 * 32 MB are two WAL segments of 16 MB (min_wal_size), with room for the test's first writes.
 */
const DISK_MB = 128;
const FEEDS = 40;
const ITEMS = 20;

const probe = await mountSmallDisk(1);
const cannotMount = typeof probe === "string" ? probe : null;
if (typeof probe !== "string") await probe.destroy();
if (cannotMount) console.warn(`Skipping the full-disk fault test: ${cannotMount}`);

type Write = { kind: "follow" | "mark" | "star" | "avatar"; target: string };

/** An image as the upload's type sniffing reads it: PNG's signature and 16 KB of pixels. */
const AVATAR = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(16 * 1024, 7)]);

describe.skipIf(cannotMount !== null)("a full disk under the data directory", () => {
  let disk: SmallDisk | null = null;
  let feeds: FeedServer | null = null;
  let server: ServerProc | null = null;
  let database: DatabaseHandle | null = null;

  beforeAll(async () => {
    const mounted = await mountSmallDisk(DISK_MB);
    if (typeof mounted === "string") throw new Error(mounted);
    disk = mounted;
    feeds = await startFeedServer();
    for (let f = 0; f < FEEDS; f++) {
      feeds.set(`/f${f}.xml`, { body: rssFeed({ title: `Feed ${f}`, items: Array.from({ length: ITEMS }, (_, i) => ({ guid: `f${f}-${i}`, title: `Feed ${f} item ${i} ${"words ".repeat(200)}` })) }) });
    }
    server = await startServer("embedded", { DATA_DIR: disk.dir });
    await untilReady(server);
  }, 90_000);

  afterAll(async () => {
    if (server) await killHard(server);
    await database?.close().catch(() => {});
    // The PostgreSQL of a server killed here (the test failed half-way) still runs on the disk.
    if (disk) await stopClusterLeftover(clusterDirOf(disk.dir)).catch(() => {});
    await feeds?.close();
    await disk?.destroy();
  }, 60_000);

  it("refuses writes with 507 / 19001 while full, keeps reading, and writes again once space returns", async () => {
    const reader: Reader = await signUp(server!.base, EMAIL);
    expect((await reader.call("POST", "/subscriptions", { url: feeds!.url("/f0.xml"), view: 0 })).status).toBe(200);
    const timeline = (await (await reader.call("POST", "/entries", { view: 0, limit: 100 })).json()) as { data: { entries: { id: string } }[] };
    const entryIds = timeline.data.map((item) => item.entries.id);
    expect(entryIds).toHaveLength(ITEMS);

    const postmaster = postmasterOf(clusterDirOf(disk!.dir));
    expect(postmaster).not.toBeNull();
    const filled = await disk!.fill();
    expect(await disk!.freeBytes()).toBeLessThan(64 * 1024);

    // Writes until the disk has refused several (or every planned write was tried).
    const plan: Write[] = [];
    for (let i = 1; i < FEEDS; i++) {
      plan.push({ kind: "follow", target: feeds!.url(`/f${i}.xml`) });
      plan.push({ kind: "mark", target: entryIds[i % ITEMS]! });
      plan.push({ kind: "star", target: entryIds[(i * 7) % ITEMS]! });
      plan.push({ kind: "avatar", target: `avatar-${i}.png` });
    }
    const avatarForm = (name: string) => {
      const form = new FormData();
      form.set("file", new File([AVATAR], name, { type: "image/png" }));
      return form;
    };
    const send = (write: Write) =>
      write.kind === "follow"
        ? reader.call("POST", "/subscriptions", { url: write.target, view: 0 })
        : write.kind === "mark"
          ? reader.call("POST", "/reads", { entryIds: [write.target] })
          : write.kind === "star"
            ? reader.call("POST", "/collections", { entryId: write.target, view: 0 })
            : reader.post("/upload/avatar", avatarForm(write.target));
    const stored: Write[] = [];
    const refused: Write[] = [];
    const unclear: string[] = [];
    let readsOk = 0;
    for (const write of plan) {
      const response = await send(write);
      const text = await response.text();
      if (response.ok) stored.push(write);
      else if (response.status === 507 && JSON.parse(text).code === 19001 && !/\bat \//.test(text)) refused.push(write);
      else unclear.push(`${write.kind} ${response.status} ${text.slice(0, 300)}`);
      // Reading keeps working meanwhile.
      const counts = await reader.call("GET", "/reads");
      const page = await reader.call("POST", "/entries", { view: 0, limit: 20 });
      if (counts.status === 200 && page.status === 200) readsOk++;
      if (refused.length >= 8) break;
    }
    console.log(`full disk: filled ${(filled / 1e6).toFixed(1)} MB; ${stored.length} writes stored, ${refused.length} refused 507/19001, ${unclear.length} other; reads answered 200 after ${readsOk} of ${stored.length + refused.length + unclear.length} writes`);
    expect(unclear).toEqual([]);
    expect(refused.length).toBeGreaterThan(0);
    expect(readsOk).toBe(stored.length + refused.length);
    expect(isRunning(server!)).toBe(true);
    // PostgreSQL refused the writes with an error, without a crash (a PANIC would have restarted it).
    expect(postmasterOf(clusterDirOf(disk!.dir))).toBe(postmaster);

    // Space returns: the refused writes go through, without a restart.
    await disk!.free();
    for (const write of refused) {
      const response = await send(write);
      expect(response.status, `${write.kind} after space returned: ${await response.clone().text()}`).toBe(200);
      stored.push(write);
    }
    expect((await reader.call("GET", "/reads")).status).toBe(200);

    // Nothing corrupted: the server stops cleanly and its database opens with every stored write.
    server!.child.kill("SIGTERM");
    await server!.exited();
    expect(server!.child.exitCode).toBe(0);
    database = await openDatabase({ kind: "embedded", dir: clusterDirOf(disk!.dir) });
    const state = await readerState(database.db, EMAIL);
    for (const write of stored) {
      if (write.kind === "follow") expect(state.feedUrls.has(write.target)).toBe(true);
      if (write.kind === "mark") expect(state.unread.has(write.target)).toBe(false);
      if (write.kind === "star") expect(state.starred.has(write.target)).toBe(true);
    }
    expect(await unreadCountMismatches(database.db)).toEqual([]);
  }, 120_000);
});
