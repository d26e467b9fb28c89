import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../helpers/app.ts";
import { freePort } from "../helpers/free-port.ts";

const MAIN = fileURLToPath(new URL("../../src/main.ts", import.meta.url));

/** A request whose body arrives in two parts: the second only when `finish()` is called. */
function slowRequest(port: number) {
  const body = JSON.stringify({ email: "nobody@example.com", password: "not-the-password" });
  const request = http.request({ port, host: "127.0.0.1", method: "POST", path: "/api/better-auth/sign-in/email", headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body), origin: TEST_ORIGIN } });
  const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on("response", (response) => {
      let text = "";
      response.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    request.on("error", reject);
  });
  request.write(body.slice(0, 10));
  return { answered, finish: () => request.end(body.slice(10)) };
}

describe("npm start, on SIGTERM", () => {
  let t: TestApp;
  let dataDir: string;
  let child: ChildProcess;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp();
    dataDir = await mkdtemp(path.join(tmpdir(), "tidings-shutdown-"));
    port = await freePort();
    child = spawn(process.execPath, [MAIN], {
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, ...(t.database.url ? { DATABASE_URL: t.database.url } : {}), AUTH_SECRET: "test-secret-".padEnd(40, "x"), LOG_LEVEL: process.env.SERVER_LOG_LEVEL ?? "warn", WEB_URL: TEST_ORIGIN },
      stdio: ["ignore", "inherit", "inherit"],
    });
    const deadline = Date.now() + 80_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      if (Date.now() > deadline) throw new Error("the server did not start");
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then((response) => response.ok, () => false);
      if (ready) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }, 90_000);
  afterAll(async () => {
    if (child.exitCode === null) child.kill("SIGKILL");
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it(`finishes the request under way, refuses new connections, and exits 0`, async () => {
    const slow = slowRequest(port);
    // The request has reached the server (headers and part of the body) before the signal.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const exited = once(child, "exit") as Promise<[number | null, NodeJS.Signals | null]>;
    child.kill("SIGTERM");

    // The listener closes: a new connection is refused while the old request is still open. Until
    // the process has handled the signal (a loaded machine may take a moment), one may be answered.
    // Each try on a new connection (fetch would reuse the one it kept alive).
    const connect = () =>
      new Promise<string>((resolve) => {
        const request = http.get({ host: "127.0.0.1", port, path: "/healthz", agent: false }, (response) => {
          response.resume();
          resolve("answered");
        });
        request.on("error", (error: Error & { code?: string }) => resolve(error.code ?? error.message));
      });
    let refused = await connect();
    // A connection the kernel had queued as the listener closed is reset: the next try is refused.
    for (const deadline = Date.now() + 10_000; (refused === "answered" || refused === "ECONNRESET") && Date.now() < deadline; refused = await connect()) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(refused).toBe("ECONNREFUSED");
    expect(child.exitCode).toBeNull();

    slow.finish();
    const answer = await slow.answered;
    // Better Auth's answer to a wrong sign-in: a whole HTTP answer, not a cut connection.
    expect(answer.status).toBe(401);
    expect(answer.body).toContain("code");

    const [code, signal] = await exited;
    expect({ code, signal }).toEqual({ code: 0, signal: null });
  });
});
