import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync, readdirSync, readlinkSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { freePort } from "../helpers/free-port.ts";
import { isAlive, readPostmasterFile, waitForExit } from "../../src/db/embedded/postmaster.ts";

/**
 * Server processes (`node apps/server/src/main.ts`) on data directories of their own, without
 * DATABASE_URL: each runs its own embedded PostgreSQL in DATA_DIR/postgres. For the tests of the
 * embedded database that kill processes: no global setup, no shared database.
 */

const MAIN = fileURLToPath(new URL("../../src/main.ts", import.meta.url));
export const WEB_URL = "http://localhost:3000";
export const PASSWORD = "correct horse battery";

export interface ServerProcess {
  readonly child: ChildProcess;
  readonly port: number;
  readonly url: string;
  readonly dataDir: string;
  /** Everything it wrote so far, stdout and stderr together. */
  output(): string;
  /** Its stdout's JSON lines (the log), parsed; other lines skipped. */
  logLines(): Array<Record<string, unknown> & { msg?: string; level?: number }>;
  /** Resolves with how it ended. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** A new data directory in the system's temporary directory. */
export const makeDataDir = (name: string) => mkdtemp(path.join(tmpdir(), `tidings-${name}-`));

export const clusterDir = (dataDir: string) => path.join(dataDir, "postgres");

/** Starts a server on `dataDir` (LOG_LEVEL info: its log is read by the tests). */
export async function startServer(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ["DATABASE_URL", "TEST_DATABASE_URL", "PGHOST", "PGPORT", "PGUSER", "PGDATABASE", "PGPASSWORD"]) delete childEnv[name];
  const child = spawn(process.execPath, [MAIN], {
    env: { ...childEnv, PORT: String(port), DATA_DIR: dataDir, AUTH_SECRET: "test-secret-".padEnd(40, "x"), LOG_LEVEL: "info", WEB_URL, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let text = "";
  let stdout = "";
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
    text += chunk;
    stdout += chunk;
    if (process.env.EMBEDDED_TEST_ECHO) process.stdout.write(chunk);
  });
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => {
    text += chunk;
    if (process.env.EMBEDDED_TEST_ECHO) process.stderr.write(chunk);
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  // Both streams read to their end before "exited" is looked at by a test that reads the output.
  const closed = new Promise<void>((resolve) => child.once("close", () => resolve()));
  return {
    child,
    port,
    url: `http://127.0.0.1:${port}`,
    dataDir,
    output: () => text,
    logLines: () =>
      stdout
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .flatMap((line) => {
          try {
            return [JSON.parse(line) as Record<string, unknown>];
          } catch {
            return [];
          }
        }),
    exited: exited.then(async (how) => {
      await Promise.race([closed, sleep(2000)]);
      return how;
    }),
  };
}

/** What GET /readyz answers now: its status (0: no answer). */
export async function readyz(server: ServerProcess): Promise<{ status: number; body: string }> {
  try {
    const response = await fetch(`${server.url}/readyz`, { signal: AbortSignal.timeout(3000) });
    return { status: response.status, body: await response.text() };
  } catch (error) {
    return { status: 0, body: (error as Error).message };
  }
}

/** Waits until the server answers ready; throws with its output if it exits or takes too long. */
export async function waitReady(server: ServerProcess, timeoutMs = 60_000): Promise<number> {
  const started = performance.now();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      throw new Error(`the server exited (${server.child.exitCode ?? server.child.signalCode}) before it was ready:\n${server.output()}`);
    }
    if (Date.now() > deadline) throw new Error(`the server was not ready within ${timeoutMs} ms:\n${server.output()}`);
    if ((await readyz(server)).status === 200) return Math.round(performance.now() - started);
    await sleep(100);
  }
}

/** Stops a server with SIGTERM and waits for it (SIGKILL after 30 s). */
export async function stopServer(server: ServerProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill("SIGTERM");
    const timer = setTimeout(() => server.child.kill("SIGKILL"), 30_000);
    try {
      return await server.exited;
    } finally {
      clearTimeout(timer);
    }
  }
  return server.exited;
}

/** The postmaster's pid that DATA_DIR/postgres/postmaster.pid names, or null. */
export async function postmasterPid(dataDir: string): Promise<number | null> {
  return (await readPostmasterFile(clusterDir(dataDir)))?.pid ?? null;
}

export { isAlive };

/** /proc/<pid>/status (Linux), or null. */
export function processStatus(pid: number): string | null {
  try {
    return readFileSync(`/proc/${pid}/status`, "utf8");
  } catch {
    return null;
  }
}

/** Waits until `pid` has ended; whether it did within `timeoutMs`. */
export const waitForEnd = waitForExit;

/**
 * The processes of PostgreSQL that run in `dataDir`'s cluster (Linux): the postmaster and every
 * one of its children work in the cluster's directory.
 */
export function postgresProcessesOf(dataDir: string): number[] {
  const dir = path.resolve(clusterDir(dataDir));
  const found: number[] = [];
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return found;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readlinkSync(`/proc/${entry}/cwd`) === dir) found.push(Number(entry));
    } catch {
      // Ended, or not ours to look at.
    }
  }
  return found;
}

/** Ends every server given and every PostgreSQL process of the data directories, then removes them. */
export async function cleanUp(servers: ServerProcess[], dataDirs: string[]): Promise<void> {
  for (const server of servers) {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill("SIGKILL");
  }
  await Promise.all(servers.map((server) => Promise.race([server.exited, sleep(5000)])));
  for (const dataDir of dataDirs) {
    const pids = new Set(postgresProcessesOf(dataDir));
    const postmaster = await postmasterPid(dataDir);
    if (postmaster && isAlive(postmaster)) pids.add(postmaster);
    for (const pid of pids) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // Ended meanwhile.
      }
    }
    await Promise.all([...pids].map((pid) => waitForEnd(pid, 5000)));
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** A request to the server's API from the web origin, with a JSON body when given. */
export async function api(server: ServerProcess, route: string, init: { json?: unknown; cookie?: string; method?: string } = {}): Promise<Response> {
  const headers: Record<string, string> = { origin: WEB_URL };
  if (init.cookie) headers.cookie = init.cookie;
  if (init.json !== undefined) headers["content-type"] = "application/json";
  return fetch(`${server.url}${route}`, {
    method: init.method ?? (init.json !== undefined ? "POST" : "GET"),
    headers,
    ...(init.json !== undefined ? { body: JSON.stringify(init.json) } : {}),
    signal: AbortSignal.timeout(10_000),
  });
}

/** The `name=value` pairs of a response's Set-Cookie headers, for a Cookie header. */
export const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");

/** Registers an account through the API; its id and session cookie. */
export async function signUp(server: ServerProcess, email: string, name = "Reader"): Promise<{ userId: string; cookie: string }> {
  const response = await api(server, "/api/better-auth/sign-up/email", { json: { email, password: PASSWORD, name } });
  if (response.status !== 200) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { user: { id: string } };
  return { userId: body.user.id, cookie: cookieOf(response) };
}

/** Signs in through the API: the status, the user's id (200) and the session cookie. */
export async function signIn(server: ServerProcess, email: string, password = PASSWORD): Promise<{ status: number; userId: string | null; cookie: string }> {
  const response = await api(server, "/api/better-auth/sign-in/email", { json: { email, password } });
  const body = (await response.json().catch(() => null)) as { user?: { id: string } } | null;
  return { status: response.status, userId: body?.user?.id ?? null, cookie: cookieOf(response) };
}

/** The user id of a session cookie, or null when the server knows no such session. */
export async function sessionUser(server: ServerProcess, cookie: string): Promise<string | null> {
  const response = await api(server, "/api/better-auth/get-session", { cookie });
  if (response.status !== 200) throw new Error(`get-session answered ${response.status}: ${await response.text()}`);
  const body = (await response.json()) as { user: { id: string } } | null;
  return body?.user.id ?? null;
}
