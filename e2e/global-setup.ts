import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { ensureWebBuild, ROOT, SERVER_NODE_FLAGS } from "../scripts/web-build.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** Where the real server under test answers, e.g. http://localhost:41234 */
    baseURL: string;
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

async function waitForHealth(url: string, server: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not answer ${url}/api/health within ${timeoutMs} ms`);
}

/**
 * Builds the web client if needed and starts the real server, exactly as `npm start` does, on a
 * free port with an empty data directory (embedded database).
 */
export default async function setup(project: TestProject) {
  ensureWebBuild();
  const dataDir = await mkdtemp(path.join(tmpdir(), "tidings-e2e-"));
  const port = await freePort();
  const baseURL = `http://localhost:${port}`;
  const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(ROOT, "apps/server/src/main.ts")], {
    cwd: ROOT,
    // Loopback feed servers of the tests are private addresses: allowed here, refused by default.
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn", NODE_ENV: "production", FETCH_ALLOW_PRIVATE_NETWORKS: "true" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  await waitForHealth(baseURL, server, 60_000);
  project.provide("baseURL", baseURL);
  return async () => {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    await rm(dataDir, { recursive: true, force: true });
  };
}
