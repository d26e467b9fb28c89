import { Worker } from "node:worker_threads";
import type { Logger } from "../lib/logger.ts";
import { readFeed, type ReadFeedInput, type ReadFeedResult } from "./read-feed.ts";

/** Reads fetched feed documents (read-feed.ts), on other threads when there are some. */
export interface FeedReaders {
  /** Reads a document; on a thread, the document's buffer may move there (`input.body` is then empty here). */
  read(input: ReadFeedInput): Promise<ReadFeedResult>;
  /** Threads running now. */
  readonly threads: number;
  /** Ends the threads; reads still waiting fail. */
  close(): Promise<void>;
}

/** A thread that failed while reading: its reads fail with this. */
export class ReaderCrashed extends Error {}

/** Documents one thread is given at once: one read while the next waits, so it never idles. */
const QUEUE_PER_THREAD = 2;
/**
 * The young generation of a reading thread: 3 × the refresh flags' 4 MB semi-space
 * (REFRESH_NODE_FLAGS), as V8 counts it. A read allocates megabytes that die with it; most die
 * young, and the rest are collected by the old generation's small growth (--heap-growing-percent).
 * With 48 MB (and the main thread's semi-space at 16 MB) the first refresh of the reference
 * workload peaked at 272 MB; with these, at ~210 MB, for ~7% more processor time.
 */
const YOUNG_GENERATION_MB = 12;
/**
 * The document as bytes of a buffer of their own, moved to the thread instead of copied. A body is
 * often a view of a larger buffer (inflating writes into 1 MB chunks and keeps a view of the
 * first; a small one is a view of a shared pool), and posting a view copies its whole buffer, at
 * ~2.7 ms a document (a fifth of the storing thread's time on the +5 round of the reference
 * workload): such a body is copied once into a buffer of its size (~30 µs for 340 KB), which moves.
 * The caller reads nothing of the document after handing it to read().
 */
function handOver(body: Uint8Array): { body: Uint8Array; transfer: ArrayBuffer[] } {
  if (body.byteLength === 0) return { body, transfer: [] };
  const own = body.buffer instanceof ArrayBuffer && body.byteOffset === 0 && body.byteLength === body.buffer.byteLength ? body : new Uint8Array(body);
  return { body: own, transfer: [own.buffer as ArrayBuffer] };
}

/** A thread with nothing to read for this long ends (a server refreshing now and then keeps none). */
const IDLE_MS = 15_000;

interface Job {
  id: number;
  input: ReadFeedInput;
  resolve: (result: ReadFeedResult) => void;
  reject: (error: Error) => void;
}

interface Reader {
  worker: Worker;
  jobs: Map<number, Job>;
  idle: NodeJS.Timeout | null;
}

/**
 * Readers of fetched documents. With `threads` ≥ 1, documents are read on up to that many worker
 * threads, started when first needed and ended after IDLE_MS without work: decoding, parsing,
 * sanitising and indexing — most of a refresh's processor time — then run beside the fetching
 * and storing of this thread, on another core. With 0, they are read on this thread.
 */
export function createFeedReaders(options: { threads: number; logger: Logger; idleMs?: number; workerUrl?: URL }): FeedReaders {
  if (options.threads < 1) {
    return {
      threads: 0,
      read: async (input) => readFeed(input),
      close: async () => {},
    };
  }
  const readers: Reader[] = [];
  const waiting: Job[] = [];
  let nextId = 1;
  let closed = false;

  function settle(reader: Reader, id: number, answer: { result?: ReadFeedResult; error?: string }) {
    const job = reader.jobs.get(id);
    if (!job) return;
    reader.jobs.delete(id);
    if (answer.error !== undefined) job.reject(new Error(answer.error));
    else job.resolve(answer.result!);
    dispatch();
  }

  function start(): Reader {
    const worker = new Worker(options.workerUrl ?? new URL("./read-worker.ts", import.meta.url), {
      // The process-wide flags size the main thread's young generation; a thread has its own.
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
    });
    const reader: Reader = { worker, jobs: new Map(), idle: null };
    worker.on("message", (answer: { id: number; result?: ReadFeedResult; error?: string }) => settle(reader, answer.id, answer));
    const fail = (error: Error) => {
      const at = readers.indexOf(reader);
      if (at !== -1) readers.splice(at, 1);
      if (reader.idle) clearTimeout(reader.idle);
      for (const job of reader.jobs.values()) job.reject(new ReaderCrashed(`the feed reader thread ${error.message}`, { cause: error }));
      reader.jobs.clear();
      dispatch();
    };
    worker.on("error", (error) => {
      options.logger.error({ err: error }, "feed reader thread failed");
      fail(error);
    });
    worker.on("exit", (code) => {
      if (readers.includes(reader)) fail(new Error(`exited (${code})`));
    });
    readers.push(reader);
    return reader;
  }

  /** Hands waiting documents to threads with room, starting threads up to the limit. */
  function dispatch() {
    while (waiting.length > 0) {
      let reader = readers.reduce<Reader | null>((best, candidate) => (!best || candidate.jobs.size < best.jobs.size ? candidate : best), null);
      if ((!reader || reader.jobs.size > 0) && readers.length < options.threads && !closed) reader = start();
      if (!reader || reader.jobs.size >= QUEUE_PER_THREAD) break;
      const job = waiting.shift()!;
      reader.jobs.set(job.id, job);
      if (reader.idle) {
        clearTimeout(reader.idle);
        reader.idle = null;
      }
      reader.worker.ref();
      const { body, transfer } = handOver(job.input.body);
      reader.worker.postMessage({ id: job.id, input: { ...job.input, body } }, transfer);
    }
    for (const reader of readers) {
      if (reader.jobs.size > 0 || reader.idle) continue;
      // Nothing to read: the thread may not keep the process alive, and ends if it stays idle.
      reader.worker.unref();
      reader.idle = setTimeout(() => {
        const at = readers.indexOf(reader);
        if (at !== -1) readers.splice(at, 1);
        void reader.worker.terminate();
      }, options.idleMs ?? IDLE_MS);
      reader.idle.unref();
    }
  }

  return {
    get threads() {
      return readers.length;
    },
    read(input) {
      if (closed) return Promise.reject(new ReaderCrashed("the feed readers are closed"));
      return new Promise<ReadFeedResult>((resolve, reject) => {
        waiting.push({ id: nextId++, input, resolve, reject });
        dispatch();
      });
    },
    async close() {
      closed = true;
      for (const job of waiting.splice(0)) job.reject(new ReaderCrashed("the feed readers are closed"));
      const ending = readers.splice(0);
      for (const reader of ending) {
        if (reader.idle) clearTimeout(reader.idle);
        for (const job of reader.jobs.values()) job.reject(new ReaderCrashed("the feed readers are closed"));
      }
      await Promise.all(ending.map((reader) => reader.worker.terminate()));
    },
  };
}
