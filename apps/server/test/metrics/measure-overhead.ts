// What the request timer (/metrics) costs per request: in-process requests to the same app built
// with and without it, alternated, best of several rounds. Run with Node 24 from the repository:
//   node_modules/.bin/node apps/server/test/metrics/measure-overhead.ts [requests] [paths…]
// (/api/health pings the database: its time is PostgreSQL's, and varies by more than the timer costs.)
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Hono } from "hono";
import { createApp } from "../../src/app.ts";
import { openDatabase } from "../../src/db/client.ts";
import { migrate } from "../../src/db/migrate.ts";
import { loadConfig } from "../../src/env.ts";
import { createLogger } from "../../src/lib/logger.ts";
import { createRoot } from "../../src/root.ts";
import { createMetrics } from "../../src/features/metrics/metrics-registry.ts";
import { observeRequests } from "../../src/features/metrics/metrics-observer.ts";

const requests = Number(process.argv[2] ?? 20_000);
const rounds = 5;
const dir = await mkdtemp(path.join(tmpdir(), "tidings-overhead-"));
const database = await openDatabase({ kind: "embedded", dir: path.join(dir, "postgres"), durable: false });
await migrate(database.db);
const root = createRoot({ config: loadConfig({ NODE_ENV: "test", DATA_DIR: "/nonexistent" }), logger: createLogger({ level: "silent" }), database, authSecret: "x".repeat(40) });
const timed = createApp(root);
const untimed = createApp({ ...root, observeRequests: undefined });
// The timer alone: a bare app with one route, with and without it.
const metrics = createMetrics({ logger: root.logger, queueDepths: async () => ({ feedsDue: 0, webhooksPending: 0, searchReindex: 0, searchIndex: 0, jobsDue: 0 }) });
const bare = (withTimer: boolean) => {
  const app = new Hono();
  if (withTimer) app.use(observeRequests(metrics) as never);
  return app.get("/items/:id", (c) => c.text("ok"));
};

async function run(app: { request(path: string): Response | Promise<Response> }, path: string): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < requests; i++) {
    const response = await app.request(path);
    await response.arrayBuffer();
  }
  return (performance.now() - started) / requests;
}

const paths = process.argv.length > 3 ? process.argv.slice(3) : ["/healthz"];
const pairs = [...paths.map((path) => ({ path, label: path, timed, untimed })), { path: "/items/42", label: "bare Hono /items/:id", timed: bare(true), untimed: bare(false) }];
for (const { path, label, timed, untimed } of pairs) {
  await run(timed, path);
  await run(untimed, path); // warm-up
  const withTimer: number[] = [];
  const without: number[] = [];
  for (let round = 0; round < rounds; round++) {
    without.push(await run(untimed, path));
    withTimer.push(await run(timed, path));
  }
  const best = (values: number[]) => Math.min(...values);
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  console.log(
    `${label}: ${requests} requests x ${rounds} rounds; per request without ${best(without).toFixed(4)} ms (median ${median(without).toFixed(4)}), ` +
      `with ${best(withTimer).toFixed(4)} ms (median ${median(withTimer).toFixed(4)}); timer ${((best(withTimer) - best(without)) * 1000).toFixed(1)} µs best, ${((median(withTimer) - median(without)) * 1000).toFixed(1)} µs median`,
  );
}
await root.feedReaders.close();
root.network.close();
await database.close();
