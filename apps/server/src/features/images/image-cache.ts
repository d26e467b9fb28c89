import { createHash, randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, stat, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Logger } from "../../lib/logger.ts";

/** A cached answer: its bytes, type and a validator. */
export interface CachedFile {
  bytes: Buffer;
  type: string;
  etag: string;
}

const TYPES = {
  webp: "image/webp",
  png: "image/png",
  jpeg: "image/jpeg",
  gif: "image/gif",
  avif: "image/avif",
  json: "application/json",
} as const;

export type CachedExt = keyof typeof TYPES;
const isCachedExt = (ext: string): ext is CachedExt => Object.hasOwn(TYPES, ext);

interface Entry {
  file: string;
  size: number;
  type: string;
  etag: string;
}

/** After an eviction the cache holds at most this share of its cap, so one write does not evict again at once. */
const LOW_WATER = 0.9;
/**
 * The most recently used answers are also kept in memory, up to this many bytes: a page of
 * thumbnails asked again is answered without a read, and without the fresh buffers whose
 * collection would pause the process.
 */
const HOT_MAX_BYTES = 16 * 1024 * 1024;

/**
 * A disk cache of proxied images, keyed by a hash the caller makes, within a size cap: least
 * recently used files go first. Each file is written whole (temporary file, then rename), and
 * named `<key>.<etag>.<ext>`, so the index is rebuilt from the directory at start (by modification
 * time) without reading a byte. Each process keeps its own index: a file another process removed
 * is a miss, never an error.
 */
export function createImageCache(options: { dir: string; maxBytes: number; logger: Logger; hotMaxBytes?: number }) {
  const { dir, maxBytes, logger } = options;
  const hotMaxBytes = options.hotMaxBytes ?? Math.min(HOT_MAX_BYTES, maxBytes / 4);
  // In use order: the first entry is the least recently used.
  const index = new Map<string, Entry>();
  let total = 0;
  let ready: Promise<void> | null = null;
  // The memory tier, in use order too; each of its files is also on disk (or was too large to keep).
  const hot = new Map<string, CachedFile>();
  let hotTotal = 0;

  function keepHot(key: string, file: CachedFile) {
    forgetHot(key);
    if (file.bytes.length > hotMaxBytes / 8) return;
    hot.set(key, file);
    hotTotal += file.bytes.length;
    for (const [oldest, kept] of hot) {
      if (hotTotal <= hotMaxBytes) break;
      hot.delete(oldest);
      hotTotal -= kept.bytes.length;
    }
  }

  function forgetHot(key: string) {
    const kept = hot.get(key);
    if (!kept) return;
    hot.delete(key);
    hotTotal -= kept.bytes.length;
  }

  const fileOf = (key: string, etag: string, ext: string) => path.join(dir, key.slice(0, 2), `${key}.${etag}.${ext}`);

  async function load(): Promise<void> {
    await mkdir(dir, { recursive: true });
    const found: (Entry & { key: string; mtime: number })[] = [];
    for (const shard of await readdir(dir)) {
      const shardDir = path.join(dir, shard);
      const names = await readdir(shardDir).catch(() => [] as string[]);
      for (const name of names) {
        const file = path.join(shardDir, name);
        const [key, etag, ext, extra] = name.split(".");
        if (extra !== undefined || !key || !etag || !ext || !isCachedExt(ext)) {
          // A temporary file a crash left behind, or something that is not ours to keep.
          if (name.endsWith(".tmp")) await rm(file, { force: true });
          continue;
        }
        const info = await stat(file).catch(() => null);
        if (info?.isFile()) found.push({ key, file, size: info.size, type: TYPES[ext], etag, mtime: info.mtimeMs });
      }
    }
    for (const { key, mtime: _mtime, ...entry } of found.sort((a, b) => a.mtime - b.mtime)) {
      index.set(key, entry);
      total += entry.size;
    }
    await evict();
  }

  async function evict(): Promise<void> {
    if (total <= maxBytes) return;
    for (const [key, entry] of index) {
      if (total <= maxBytes * LOW_WATER) break;
      index.delete(key);
      forgetHot(key);
      total -= entry.size;
      await unlink(entry.file).catch(() => undefined);
    }
  }

  function init(): Promise<void> {
    ready ??= load().catch((error: unknown) => {
      ready = null;
      throw error;
    });
    return ready;
  }

  return {
    /** The cached file of `key`, or null. */
    async get(key: string): Promise<CachedFile | null> {
      const kept = hot.get(key);
      if (kept) {
        hot.delete(key);
        hot.set(key, kept);
        const entry = index.get(key);
        if (entry) {
          index.delete(key);
          index.set(key, entry);
        }
        return kept;
      }
      // An unusable directory is logged by put(); reads just miss.
      if (!(await init().then(() => true, () => false))) return null;
      const entry = index.get(key);
      if (!entry) return null;
      let bytes: Buffer;
      try {
        bytes = await readFile(entry.file);
      } catch {
        if (index.get(key) === entry) {
          index.delete(key);
          total -= entry.size;
        }
        return null;
      }
      // Most recently used now: to the end of the order.
      index.delete(key);
      index.set(key, entry);
      const file = { bytes, type: entry.type, etag: entry.etag };
      keepHot(key, file);
      return file;
    },

    /**
     * Stores `bytes` under `key` and answers them as cached. A file larger than a tenth of the
     * cap is answered but not kept; a disk that refuses the write is logged, never the reader's problem.
     */
    async put(key: string, bytes: Buffer, ext: CachedExt): Promise<CachedFile> {
      const etag = createHash("sha256").update(bytes).digest("base64url").slice(0, 16);
      const answer = { bytes, type: TYPES[ext], etag };
      if (bytes.length > maxBytes / 10) {
        forgetHot(key);
        return answer;
      }
      try {
        await init();
        const file = fileOf(key, etag, ext);
        const temporary = `${file}.${randomBytes(6).toString("hex")}.tmp`;
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(temporary, bytes);
        await rename(temporary, file);
        const previous = index.get(key);
        if (previous) {
          index.delete(key);
          total -= previous.size;
          if (previous.file !== file) await unlink(previous.file).catch(() => undefined);
        }
        index.set(key, { file, size: bytes.length, type: answer.type, etag });
        total += bytes.length;
        keepHot(key, answer);
        await evict();
      } catch (error) {
        logger.warn({ err: error, dir }, "image cache: could not store a file");
      }
      return answer;
    },

    /** Bytes held now (for tests and the benchmark). */
    size: async () => {
      await init();
      return total;
    },
  };
}

export type ImageCache = ReturnType<typeof createImageCache>;
