// `npm run fuzz:api [-- --requests 10000 --seed 1 --db embedded|postgres]`: starts the real server in
// process on a fresh database, signs up a reader, and sends malformed requests spread over every
// route the app has (apps/server/test/helpers/api-fuzzer.ts); prints the answers by status and exits 1 on any
// 5xx or a crash. No upstream is reachable (private addresses refused, the RSSHub instance a closed
// port): 502-504 answers with the catalogue's upstream codes are counted apart, not failures.
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { createLogger, createServer, loadConfig, migrate, openDatabase } from "@tidings/server";
import { benchDatabase, benchDatabaseKind } from "./bench/bench-database.ts";
import { fuzzApi } from "@tidings/server/testing";

const { values } = parseArgs({ options: { requests: { type: "string", default: "10000" }, seed: { type: "string", default: "1" }, db: { type: "string", default: "embedded" }, concurrency: { type: "string", default: "8" } } });

const crashes: string[] = [];
process.on("unhandledRejection", (error) => crashes.push(`unhandled rejection: ${String((error as Error)?.stack ?? error)}`));
process.on("uncaughtException", (error) => {
  console.error(`CRASH uncaught exception: ${String(error.stack ?? error)}`);
  process.exit(1);
});

const bench = await benchDatabase(benchDatabaseKind(values.db, "embedded"), { prefix: "tidings_fuzz", maxConnections: 10 });
const database = await openDatabase(bench.source);
await migrate(database.db);
// No reachable upstream: loopback and private addresses are refused for everyone, and the rate
// limits are off so that every request reaches its route (they have their own tests).
const config = loadConfig({ LOG_LEVEL: "silent", DATA_DIR: "/nonexistent", SCHEDULER: "false", PRIVATE_NETWORKS_FOR: "none", RATE_LIMIT_AUTH_PER_MINUTE: "0", RATE_LIMIT_PUBLIC_PER_MINUTE: "0", AVATAR_SERVICES: "", RSSHUB_URL: "http://127.0.0.2:9" });
const logger = createLogger({ level: process.env.FUZZ_LOG_LEVEL ?? "silent" });
const { app, close } = createServer({ config, logger, database, authSecret: randomBytes(32).toString("hex") });

const origin = "http://localhost:3000";
const signUp = await app.request("/api/better-auth/sign-up/email", {
  method: "POST",
  headers: { "content-type": "application/json", origin },
  body: JSON.stringify({ email: "fuzz@example.com", password: "correct horse battery", name: "Fuzz" }),
});
if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status}`);
const cookie = signUp.headers.getSetCookie().map((line) => line.split(";")[0]).join("; ");

const started = performance.now();
const report = await fuzzApi({ fetch: (request) => Promise.resolve(app.fetch(request)), routes: app.routes, requests: Number(values.requests), seed: Number(values.seed), cookie, origin, concurrency: Number(values.concurrency) });
const seconds = (performance.now() - started) / 1000;

console.log(`${report.sent} requests over ${report.routes} routes in ${seconds.toFixed(1)} s (seed ${values.seed}, ${database.driver}); ${report.upstream} documented upstream errors (502-504), ${report.failures.length} other 5xx or throws`);
console.table(Object.fromEntries(Object.entries(report.byStatus).sort(([a], [b]) => a.localeCompare(b)).map(([status, count]) => [status, { count }])));
const byRoute = new Map<string, { count: number; example: string; body: string }>();
for (const failure of report.failures) {
  const key = `${failure.status} ${failure.method} ${failure.url}`;
  const seen = byRoute.get(key);
  if (seen) seen.count++;
  else byRoute.set(key, { count: 1, example: failure.sample, body: failure.body });
}
for (const [key, { count, example, body }] of byRoute) console.log(`FAIL ×${count} ${key}\n  e.g. ${example}\n  ${body}`);
for (const crash of crashes) console.log(`CRASH ${crash}`);

await close();
await database.close();
await bench.drop();
process.exit(report.failures.length || crashes.length ? 1 : 0);
