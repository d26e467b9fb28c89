import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import os from "node:os";
import path from "node:path";
import { afterEach } from "vitest";
import { createElectronHost, type ElectronHostOptions } from "../src/electron/electron-host.ts";
import { createFakeElectron } from "./fake-electron.ts";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** Runs after the test, even a failed one (a child process left running would keep Vitest's worker alive). */
export function afterTest(cleanup: () => Promise<void>): void {
  cleanups.push(cleanup);
}

/** A temporary folder, removed after the test. */
export async function tempDir(prefix = "tidings-desktop-"): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** The Electron host over a fake Electron, its userData and XDG config in temporary folders. */
export async function fakeHost(options: Partial<ElectronHostOptions> & { displays?: { x: number; y: number; width: number; height: number }[]; notifications?: boolean } = {}) {
  const userData = await tempDir();
  const configHome = await tempDir();
  const fake = createFakeElectron({ userData, ...(options.displays ? { displays: options.displays } : {}), ...(options.notifications === undefined ? {} : { notifications: options.notifications }) });
  const host = createElectronHost(fake.electron, {
    preloadPath: "/app/dist/preload.cjs",
    serverEntry: "/app/server.js",
    platform: "linux",
    env: { XDG_CONFIG_HOME: configHome },
    launchCommand: ["/opt/Tidings/tidings"],
    ...options,
  });
  return { fake, host, userData, configHome };
}

/** A tiny Tidings look-alike: answers /healthz as the server does, and any page with 200. */
export async function healthServer(): Promise<string> {
  const server: Server = createServer((request, response) => {
    // Never answers: for time limits.
    if (request.url === "/slow") return;
    if (request.url === "/healthz") {
      response.writeHead(200, { "content-type": "application/json" }).end('{"status":"ok"}');
      return;
    }
    response.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><title>Tidings</title>");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  cleanups.push(
    () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  return `http://127.0.0.1:${address.port}`;
}

/** The HTML of a `data:text/html;base64,` address. */
export function dataUrlHtml(url: string | undefined): string {
  if (!url?.startsWith("data:text/html;base64,")) throw new Error(`not a data: page: ${url}`);
  return Buffer.from(url.slice("data:text/html;base64,".length), "base64").toString("utf8");
}
