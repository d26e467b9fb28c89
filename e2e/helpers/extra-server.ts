import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, BrowserContext } from "playwright-core";
import { freePort } from "@tidings/server/testing";
import { serverMain } from "../../scripts/server-process.ts";
import { ROOT, SERVER_NODE_FLAGS } from "../../scripts/web-build.ts";
import { uniqueEmail } from "./browser.ts";
import { guideKey } from "./reader.ts";

export { freePort };

/** Waits until `url/api/health` answers, or fails when the process exits or time runs out. */
export async function waitForHealth(url: string, server: ChildProcess, timeoutMs: number): Promise<void> {
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

export interface RunningServer {
  baseURL: string;
  dataDir: string;
  stop: () => Promise<void>;
}

/**
 * Starts the real server exactly as `npm start` does (the web build must exist), on a free port
 * with an empty data directory (embedded database), with `env` added to its environment. Used by
 * the global setup and by tests that need an instance configured differently.
 */
export async function startServer(env: Record<string, string> = {}, timeoutMs = 60_000): Promise<RunningServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "tidings-e2e-"));
  const port = await freePort();
  const baseURL = `http://localhost:${port}`;
  const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, serverMain()], {
    cwd: ROOT,
    // Loopback feed servers of the tests are private addresses: allowed here, refused by default.
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn", NODE_ENV: "production", PRIVATE_NETWORKS_FOR: "everyone", SHARED_PRIVATE_ADDRESSES: "127.0.0.1", ...env },
    stdio: ["ignore", "inherit", "inherit"],
  });
  await waitForHealth(baseURL, server, timeoutMs);
  return {
    baseURL,
    dataDir,
    stop: async () => {
      if (server.exitCode === null) {
        server.kill("SIGTERM");
        await new Promise((resolve) => server.once("exit", resolve));
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A new account on the server at `origin`, signed up through the API, in its own browser context
 * with the new-user guide marked done (helpers/reader.ts does the same for the shared server).
 */
export async function signedInContext(
  browser: Browser,
  origin: string,
  options: { userAgent?: string; colorScheme?: "light" | "dark" } = {},
): Promise<{ context: BrowserContext; userId: string }> {
  const context = await browser.newContext({ baseURL: origin, viewport: { width: 1280, height: 800 }, ...options });
  const response = await context.request.post("/api/better-auth/sign-up/email", {
    data: { email: uniqueEmail("extra"), password: "correct horse battery", name: "Ada Extra" },
    headers: { origin },
  });
  if (!response.ok()) throw new Error(`sign-up failed: ${response.status()} ${await response.text()}`);
  const { user } = (await response.json()) as { user: { id: string } };
  await context.addInitScript((key) => window.localStorage.setItem(key, "done"), guideKey(user.id));
  return { context, userId: user.id };
}

/** Calls the API of the server at `origin` as the context's user; answers `data` of the envelope. */
export async function apiAt<T>(context: BrowserContext, origin: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await context.request.fetch(`/api${path}`, { method, headers: { origin, "content-type": "application/json" }, ...(body !== undefined ? { data: body } : {}) });
  const json = (await response.json()) as { data: T };
  if (!response.ok()) throw new Error(`${method} ${path}: ${response.status()} ${JSON.stringify(json)}`);
  return json.data;
}
