// The set-up bench:api and bench:greader share: a server in process over a new database, one
// signed-up reader seeded in bulk (seed-reader.ts), and p50/p99 of repeated calls.
import { randomBytes } from "node:crypto";
import { createLogger, createServer, loadConfig, migrate, openDatabase } from "@tidings/server";
import { benchDatabase, type BenchDatabaseKind } from "./bench-database.ts";
import { seedReader } from "./seed-reader.ts";

export const BENCH_ORIGIN = "http://localhost:3000";

/**
 * A server over a new database (benchDatabase: the embedded one, or one on a PostgreSQL server)
 * with one reader, "bench@example.com", following 1000 feeds of `entries` entries. `stop({ keep })`
 * leaves the database in place and says where.
 */
export async function seededReaderServer(options: { db: BenchDatabaseKind; prefix: string; entries: number }) {
  const bench = await benchDatabase(options.db, { prefix: options.prefix, maxConnections: 10 });
  const database = await openDatabase(bench.source);
  await migrate(database.db);
  const config = loadConfig({ LOG_LEVEL: "silent", DATA_DIR: "/nonexistent", SCHEDULER: "false" });
  const { root, app, close } = createServer({ config, logger: createLogger({ level: "silent" }), database, authSecret: randomBytes(32).toString("hex") });
  const email = "bench@example.com";
  const signUp = await app.request("/api/better-auth/sign-up/email", {
    method: "POST",
    headers: { "content-type": "application/json", origin: BENCH_ORIGIN },
    body: JSON.stringify({ email, password: "correct horse battery", name: "Bench" }),
  });
  const cookie = signUp.headers.getSetCookie().map((line) => line.split(";")[0]).join("; ");
  const userId = ((await signUp.json()) as { user: { id: string } }).user.id;
  const seedStarted = performance.now();
  const seeded = await seedReader(root.db, { userId, feeds: 1000, entries: options.entries, firstId: BigInt(root.ids.next()) });
  console.log(`seeded ${options.entries} entries in ${((performance.now() - seedStarted) / 1000).toFixed(0)} s (${bench.label})`);
  return {
    root,
    app,
    database,
    /** What the database is, for the printed figures. */
    databaseLabel: bench.label,
    email,
    cookie,
    userId,
    seeded,
    async stop(stopOptions: { keep?: boolean } = {}) {
      await close();
      await database.close();
      if (stopOptions.keep) console.log(`kept ${await bench.keep()}`);
      else await bench.drop();
    },
  };
}

export type LatencyRow = { calls: number; "p50 ms": number; "p99 ms": number };

/** Times `run` `n` times after 5 warm-up calls; the rows collect p50 and p99 by name. */
export function latencyTable<Extra extends object = object>() {
  const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
  const rows: Record<string, LatencyRow & Partial<Extra>> = {};
  return {
    rows,
    async measure(name: string, n: number, run: (i: number) => Promise<unknown>, extra?: Extra) {
      for (let i = 0; i < 5; i++) await run(i);
      const times: number[] = [];
      for (let i = 0; i < n; i++) {
        const started = performance.now();
        await run(i + 5);
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      rows[name] = { calls: n, "p50 ms": Number(percentile(times, 50).toFixed(1)), "p99 ms": Number(percentile(times, 99).toFixed(1)), ...extra } as LatencyRow & Partial<Extra>;
    },
  };
}
