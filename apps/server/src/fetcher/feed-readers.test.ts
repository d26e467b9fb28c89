import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { createLogger } from "../lib/logger.ts";
import { createFeedReaders, type FeedReaders, ReaderCrashed } from "./feed-readers.ts";
import { readFeed, type ReadFeedInput } from "./read-feed.ts";

const logger = createLogger({ level: "silent" });
const rss = (items: string[]) =>
  new TextEncoder().encode(
    `<?xml version="1.0"?><rss version="2.0"><channel><title>T</title><link>https://example.com/</link>${items
      .map((guid) => `<item><guid>${guid}</guid><title>Item ${guid}</title><description>&lt;p&gt;Body of ${guid} &amp; more&lt;/p&gt;&lt;script&gt;x()&lt;/script&gt;</description><pubDate>Sun, 01 Nov 2026 10:00:00 GMT</pubDate></item>`)
      .join("")}</channel></rss>`,
  );
const input = (items: string[], known: string[] = []): ReadFeedInput => ({ body: rss(items), contentType: "application/rss+xml", url: "https://example.com/feed.xml", known, now: Date.UTC(2026, 10, 2) });

let readers: FeedReaders | null = null;
/** The niceness of each thread of this process (/proc/self/task/<tid>/stat, field 19). */
function threadNiceness(): number[] {
  return readdirSync("/proc/self/task").map((tid) => Number(readFileSync(`/proc/self/task/${tid}/stat`, "utf8").replace(/^.*\) /s, "").split(" ")[16]));
}

afterEach(async () => {
  await readers?.close();
  readers = null;
});

describe("feed readers", () => {
  it("read on a thread exactly what this thread reads, several documents at once", async () => {
    readers = createFeedReaders({ threads: 2, logger });
    const inputs = Array.from({ length: 6 }, (_, i) => input([`a${i}`, `b${i}`]));
    const expected = inputs.map(readFeed);
    const results = await Promise.all(inputs.map((one) => readers!.read(one)));
    expect(results).toEqual(expected);
    const first = results[0]!;
    if (!first.ok) throw new Error(first.message);
    const utf8 = new TextDecoder();
    expect(first.entries.map((entry) => [entry.guid, entry.content && utf8.decode(entry.content)])).toEqual([
      ["a0", "<p>Body of a0 &amp; more</p>"],
      ["b0", "<p>Body of b0 &amp; more</p>"],
    ]);
    // The contents of a read are views of one buffer, which moved here whole (not copied per entry).
    expect(first.entries.every((entry) => entry.content?.buffer === first.texts)).toBe(true);
    // Search documents are made after the entries are stored (search-indexer.ts), not by the reading thread.
    expect(first.entries[0]).not.toHaveProperty("document");
    expect(first.entries[0]).not.toHaveProperty("contentText");
    expect(readers.threads).toBe(2);
    // Below the threads answering readers (Linux): the reading threads run at niceness 10.
    if (process.platform === "linux") expect(threadNiceness().filter((nice) => nice === 10).length).toBeGreaterThanOrEqual(2);
  });

  it("move a document that owns its buffer to the thread, and copy one that shares a pool", async () => {
    readers = createFeedReaders({ threads: 1, logger });
    const owned = input(["a", "b"]);
    const size = owned.body.byteLength;
    expect((await readers.read(owned)).ok).toBe(true);
    // Moved: nothing of it is left here (it was not copied).
    expect(owned.body.byteLength).toBe(0);
    expect(size).toBeGreaterThan(0);
    // A small Buffer is a view of Node's shared pool: copied, and the pool is untouched.
    const neighbour = Buffer.from("neighbour");
    const pooled = { ...input(["c"]), body: Buffer.from(new TextDecoder().decode(rss(["c"]))) };
    expect(pooled.body.byteOffset > 0 || pooled.body.byteLength < pooled.body.buffer.byteLength).toBe(true);
    const read = await readers.read(pooled);
    expect(read.ok && read.entries.map((entry) => entry.guid)).toEqual(["c"]);
    expect(pooled.body.toString()).toContain("<guid>c</guid>");
    expect(neighbour.toString()).toBe("neighbour");
    // A view of a larger buffer (inflated bodies are): only its bytes go, the larger buffer stays.
    const bytes = rss(["d"]);
    const large = new Uint8Array(new ArrayBuffer(1 << 20), 0, bytes.byteLength);
    large.set(bytes);
    const viewed = await readers.read({ ...input([]), body: large });
    expect(viewed.ok && viewed.entries.map((entry) => entry.guid)).toEqual(["d"]);
    expect(large.buffer.byteLength).toBe(1 << 20);
  });

  it("leave out the items read before, and answer a document that is no feed", async () => {
    readers = createFeedReaders({ threads: 1, logger });
    const once = await readers.read(input(["a", "b"]));
    if (!once.ok) throw new Error(once.message);
    const again = await readers.read(input(["c", "a", "b"], once.entries.map((entry) => entry.digest!)));
    expect(again.ok && again.entries.map((entry) => entry.guid)).toEqual(["c"]);
    expect(again.ok && again.knownItems).toEqual(once.entries.map((entry) => entry.digest));
    const page = await readers.read({ ...input([]), body: new TextEncoder().encode("<html><body>Not a feed</body></html>"), contentType: "text/html" });
    expect(page).toEqual({ ok: false, message: expect.stringContaining("could not be read") });
  });

  it("fail the reads of a thread that dies, then go on with a new one", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "tidings-readers-"));
    const script = path.join(dir, "dies.mjs");
    // A reader that dies on its first document, as a thread may on a bug or out of memory.
    writeFileSync(
      script,
      `import { parentPort } from "node:worker_threads";
       import { readFeed } from ${JSON.stringify(pathToFileURL(path.resolve(import.meta.dirname, "read-feed.ts")).href)};
       parentPort.on("message", (m) => { if (m.input.url.endsWith("die")) process.exit(3); parentPort.postMessage({ id: m.id, result: readFeed(m.input) }); });`,
    );
    readers = createFeedReaders({ threads: 1, logger, workerUrl: pathToFileURL(script) });
    await expect(readers.read({ ...input(["x"]), url: "https://example.com/die" })).rejects.toBeInstanceOf(ReaderCrashed);
    const after = await readers.read(input(["y"]));
    expect(after.ok && after.entries.map((entry) => entry.guid)).toEqual(["y"]);
  });

  it("end idle threads, and start one again when there is work", async () => {
    readers = createFeedReaders({ threads: 1, logger, idleMs: 50 });
    await readers.read(input(["a"]));
    expect(readers.threads).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(readers.threads).toBe(0);
    const again = await readers.read(input(["b"]));
    expect(again.ok).toBe(true);
  });

  it("read on this thread with no threads, and refuse reads once closed", async () => {
    readers = createFeedReaders({ threads: 0, logger });
    expect(await readers.read(input(["a"]))).toEqual(readFeed(input(["a"])));
    const threaded = createFeedReaders({ threads: 1, logger });
    await threaded.close();
    await expect(threaded.read(input(["a"]))).rejects.toBeInstanceOf(ReaderCrashed);
  });
});
