import { mkdtemp, readdir, rm, writeFile, mkdir, utimes } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createImageCache } from "../../src/features/images/image-cache.ts";
import { createLogger } from "../../src/lib/logger.ts";

const logger = createLogger({ level: "silent" });
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "tidings-image-cache-"));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const bytes = (n: number, fill: number) => Buffer.alloc(n, fill);
const key = (i: number) => i.toString(16).padStart(64, "0");

async function files(): Promise<string[]> {
  const names: string[] = [];
  for (const shard of await readdir(dir)) names.push(...(await readdir(path.join(dir, shard))));
  return names.sort();
}

describe("image cache", () => {
  it("stores files whole and answers them with their type and a content validator", async () => {
    const cache = createImageCache({ dir, maxBytes: 100_000, logger });
    expect(await cache.get(key(1))).toBeNull();
    const stored = await cache.put(key(1), bytes(100, 1), "webp");
    const again = await cache.get(key(1));
    expect(again).toEqual(stored);
    expect(again?.type).toBe("image/webp");
    expect(await files()).toEqual([`${key(1)}.${stored.etag}.webp`]);
    // Same bytes, same validator; other bytes, another.
    expect((await cache.put(key(2), bytes(100, 1), "png")).etag).toBe(stored.etag);
    expect((await cache.put(key(1), bytes(100, 2), "webp")).etag).not.toBe(stored.etag);
    expect((await files()).filter((name) => name.startsWith(key(1)))).toHaveLength(1);
  });

  it("keeps the total under its cap, evicting the least recently used first", async () => {
    const cache = createImageCache({ dir, maxBytes: 10_000, logger });
    for (let i = 1; i <= 10; i++) await cache.put(key(i), bytes(900, i), "webp");
    expect(await cache.size()).toBe(9000);
    // Key 1 is used again: key 2 is now the oldest.
    expect(await cache.get(key(1))).not.toBeNull();
    await cache.put(key(11), bytes(900, 11), "webp");
    await cache.put(key(12), bytes(900, 12), "webp");
    expect(await cache.size()).toBeLessThanOrEqual(10_000);
    expect(await cache.get(key(2))).toBeNull();
    expect(await cache.get(key(1))).not.toBeNull();
    expect(await cache.get(key(12))).not.toBeNull();
    expect((await files()).length).toBe((await cache.size()) / 900);
  });

  it("answers but does not keep a file larger than a tenth of the cap", async () => {
    const cache = createImageCache({ dir, maxBytes: 10_000, logger });
    const answer = await cache.put(key(1), bytes(2000, 1), "webp");
    expect(answer.bytes.length).toBe(2000);
    expect(await cache.get(key(1))).toBeNull();
  });

  it("rebuilds its index from the directory, oldest first, and removes what a crash left", async () => {
    const first = createImageCache({ dir, maxBytes: 10_000, logger });
    for (let i = 1; i <= 3; i++) await first.put(key(i), bytes(900, i), "gif");
    const shard = path.join(dir, key(1).slice(0, 2));
    // Key 3 was written long ago, key 1 and 2 since: 3 goes first when the cap is lowered.
    const old = new Date(Date.now() - 86_400_000);
    const [third] = (await files()).filter((name) => name.startsWith(key(3)));
    await utimes(path.join(shard, third!), old, old);
    await writeFile(path.join(shard, `${key(9)}.etag.webp.abc.tmp`), "partial");
    await mkdir(path.join(dir, "zz"), { recursive: true });
    const second = createImageCache({ dir, maxBytes: 2000, logger });
    expect(await second.size()).toBe(1800);
    expect(await second.get(key(3))).toBeNull();
    expect((await second.get(key(1)))?.type).toBe("image/gif");
    expect((await files()).some((name) => name.endsWith(".tmp"))).toBe(false);
  });

  it("keeps the most recently used files in memory too, as long as they are on disk", async () => {
    const cache = createImageCache({ dir, maxBytes: 100_000, logger, hotMaxBytes: 1000 });
    await cache.put(key(1), bytes(100, 1), "webp");
    await rm(path.join(dir, key(1).slice(0, 2)), { recursive: true });
    // Answered from memory: the same bytes without a read.
    expect((await cache.get(key(1)))?.bytes).toEqual(bytes(100, 1));
    // Ten more of 100 bytes push it out of the 1000 bytes of memory.
    for (let i = 2; i <= 11; i++) await cache.put(key(i), bytes(100, i), "webp");
    expect(await cache.get(key(1))).toBeNull();
    // Evicted from disk: gone from memory as well.
    const small = createImageCache({ dir: path.join(dir, "small"), maxBytes: 1000, logger, hotMaxBytes: 1000 });
    for (let i = 1; i <= 12; i++) await small.put(key(i), bytes(90, i), "webp");
    expect(await small.get(key(1))).toBeNull();
    expect(await small.get(key(12))).not.toBeNull();
  });

  it("treats a file removed behind its back as a miss", async () => {
    const cache = createImageCache({ dir, maxBytes: 10_000, logger, hotMaxBytes: 0 });
    await cache.put(key(1), bytes(100, 1), "webp");
    await rm(path.join(dir, key(1).slice(0, 2)), { recursive: true });
    expect(await cache.get(key(1))).toBeNull();
    expect(await cache.size()).toBe(0);
  });

  it("logs and still answers when the disk refuses the write", async () => {
    const blocked = path.join(dir, "file");
    await writeFile(blocked, "not a directory");
    const cache = createImageCache({ dir: path.join(blocked, "cache"), maxBytes: 10_000, logger });
    expect(await cache.get(key(1))).toBeNull();
    const answer = await cache.put(key(1), bytes(100, 1), "webp");
    expect(answer.bytes.length).toBe(100);
    expect(await cache.get(key(1))).toBeNull();
  });
});
