import { randomBytes } from "node:crypto";
import { createServer, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../src/db/client.ts";
import { createDatabaseRateCounter } from "../../src/http/rate-counter-db.ts";
import { createRedisRateCounter } from "../../src/http/rate-counter-redis.ts";
import { createLogger } from "../../src/lib/logger.ts";
import { HOUR_MS, MINUTE_MS } from "../../src/lib/rate-limit.ts";
import { openTestDatabase } from "../helpers/database.ts";
import { TEST_REDIS_URL } from "../helpers/instances.ts";

const logger = createLogger({ level: "silent" });

describe("the database rate counter", () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => database.close());

  it("counts each key in fixed windows of any length, answering the seconds left in the window past the limit", async () => {
    let now = Date.parse("2026-01-01T10:15:00Z");
    const counter = createDatabaseRateCounter({ db: database.db, clock: { now: () => new Date(now) }, logger });
    expect(await counter.hit("inbox:1", 2, HOUR_MS)).toBe(0);
    expect(await counter.hit("inbox:1", 2, HOUR_MS)).toBe(0);
    expect(await counter.hit("inbox:1", 2, HOUR_MS)).toBe(45 * 60);
    // The same key counted by the minute is another count.
    expect(await counter.hit("inbox:1", 2, MINUTE_MS)).toBe(0);
    // Another key has its own.
    expect(await counter.hit("inbox:2", 2, HOUR_MS)).toBe(0);
    now += 44 * 60_000 + 30_000;
    expect(await counter.hit("inbox:1", 2, HOUR_MS)).toBe(30);
    now += 30_000;
    expect(await counter.hit("inbox:1", 2, HOUR_MS)).toBe(0);
  });
});

describe("the Redis rate counter", () => {
  const prefix = `tidings-test:${randomBytes(6).toString("hex")}:`;
  const counter = createRedisRateCounter({ url: TEST_REDIS_URL, keyPrefix: prefix, logger });
  afterAll(async () => counter.close());

  it("counts each key in a window that starts with its first event, answering the seconds left past the limit", async () => {
    expect(await counter.hit("images:a", 2, HOUR_MS)).toBe(0);
    expect(await counter.hit("images:a", 2, HOUR_MS)).toBe(0);
    const wait = await counter.hit("images:a", 2, HOUR_MS);
    expect(wait).toBeGreaterThan(3590);
    expect(wait).toBeLessThanOrEqual(3600);
    expect(await counter.hit("images:a", 2, MINUTE_MS)).toBe(0);
    expect(await counter.hit("images:b", 2, HOUR_MS)).toBe(0);
  });

  it("starts a new window once the last one has expired", async () => {
    expect(await counter.hit("short", 1, 300)).toBe(0);
    expect(await counter.hit("short", 1, 300)).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await counter.hit("short", 1, 300)).toBe(0);
  });

  it("fails each count at once while Redis cannot be reached, and closes", async () => {
    const away = createRedisRateCounter({ url: "redis://127.0.0.1:1", keyPrefix: prefix, logger });
    const started = performance.now();
    await expect(away.hit("x", 1, MINUTE_MS)).rejects.toThrow(/not connected/);
    await expect(away.hit("x", 1, MINUTE_MS)).rejects.toThrow(/not connected/);
    expect(performance.now() - started).toBeLessThan(900);
    await away.close();
  });

  it("waits for a Redis that accepts connections but never answers at most the connect timeout, once", async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket)).listen(0, "127.0.0.1");
    await new Promise((resolve) => silent.once("listening", resolve));
    const { port } = silent.address() as { port: number };
    const stalled = createRedisRateCounter({ url: `redis://127.0.0.1:${port}`, keyPrefix: prefix, logger });
    try {
      let started = performance.now();
      await expect(stalled.hit("x", 1, MINUTE_MS)).rejects.toThrow();
      expect(performance.now() - started).toBeLessThan(1500);
      started = performance.now();
      await expect(stalled.hit("x", 1, MINUTE_MS)).rejects.toThrow();
      expect(performance.now() - started).toBeLessThan(100);
    } finally {
      await stalled.close();
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });
});
