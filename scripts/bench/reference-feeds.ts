// The reference refresh workload of ../shared/bench for benchmarks that refresh while readers
// read: N generated feeds, served from loopback with a latency, and an OPML of them.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { ROOT } from "../web-build.ts";

const SHARED_BENCH = path.resolve(ROOT, "../shared/bench");

export interface ReferenceFeeds {
  /** The OPML listing every feed. */
  opml: string;
  /** Every feed's URL begins with this. */
  base: string;
  close(): Promise<void>;
}

/** Generates `n` feeds into `dir` and serves them on `port` with `latencyMs` per request. */
export async function serveReferenceFeeds(dir: string, options: { n: number; port: number; latencyMs: number }): Promise<ReferenceFeeds> {
  const base = `http://127.0.0.1:${options.port}`;
  const generated = spawnSync(process.execPath, [path.join(SHARED_BENCH, "gen-feeds.mjs"), "--out", dir, "--n", String(options.n), "--seed", "42", "--base", base], { stdio: ["ignore", "ignore", "inherit"] });
  if (generated.status !== 0) throw new Error(`gen-feeds.mjs failed (is ../shared/bench there?)`);
  const server: ChildProcess = spawn(process.execPath, [path.join(SHARED_BENCH, "serve.mjs"), "--dir", dir, "--port", String(options.port), "--latency", String(options.latencyMs)], { stdio: ["ignore", "ignore", "inherit"] });
  for (let i = 0; ; i++) {
    if ((await fetch(`${base}/__warm`).then((response) => response.ok, () => false))) break;
    if (i > 200) throw new Error("the reference feed server did not start");
    await sleep(50);
  }
  return {
    opml: await readFile(path.join(dir, "feeds.opml"), "utf8"),
    base,
    close: async () => {
      // Its keep-alive connections would hold a SIGTERM'd server open: nothing of it is kept.
      server.kill("SIGKILL");
      if (server.exitCode === null) await new Promise((resolve) => server.once("exit", resolve));
    },
  };
}
