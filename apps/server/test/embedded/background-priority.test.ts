import { rm } from "node:fs/promises";
import { getPriority } from "node:os";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, type DatabaseHandle, openDatabase, rowsOf } from "../../src/db/client.ts";
import { clusterDir, makeDataDir } from "./server-process.ts";

const backendPid = async (db: Database) => rowsOf<{ pid: number }>(await db.execute(sql`SELECT pg_backend_pid() AS pid`))[0]!.pid;

/**
 * The refresh stores through the embedded database's background pool, whose server processes run
 * below those answering readers: on a small machine a refresh of hundreds of feeds takes the
 * processors the readers leave.
 */
describe.runIf(process.platform === "linux")("the embedded database's background pool", () => {
  let dataDir: string;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    dataDir = await makeDataDir("background-priority");
    handle = await openDatabase({ kind: "embedded", dir: clusterDir(dataDir), durable: false });
  }, 60_000);

  afterAll(async () => {
    await handle?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 30_000);

  it("runs its server processes at niceness 10, and the readers' at the process's own", async () => {
    expect(handle.background).toBeDefined();
    const background = await backendPid(handle.background!);
    await expect.poll(() => getPriority(background)).toBe(10);
    const foreground = await backendPid(handle.db);
    expect(foreground).not.toBe(background);
    expect(getPriority(foreground)).toBe(getPriority(process.pid));
    // It is a pool of the same database: what one writes, the other reads.
    await handle.background!.execute(sql`CREATE TABLE background_written (n int)`);
    await handle.background!.execute(sql`INSERT INTO background_written VALUES (7)`);
    expect(rowsOf<{ n: number }>(await handle.db.execute(sql`SELECT n FROM background_written`))).toEqual([{ n: 7 }]);
  });

  it("lowers a pool opened on it by address as background (the server's jobs thread) the same way", async () => {
    const jobs = await openDatabase({ kind: "postgres", url: handle.embedded!.url, maxConnections: 2, background: true });
    try {
      await expect.poll(async () => getPriority(await backendPid(jobs.db))).toBe(10);
    } finally {
      await jobs.close();
    }
  });
});
