// A PostgreSQL cluster of the test's own (initdb into a temporary directory, its own port and
// socket directory), which a test may stop and start without touching the machine's shared one.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { chmod, chown, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import { freePort } from "@tidings/server/testing";
import { type Proc, killHard, startProcess, waitFor } from "./processes.ts";

/** The directory of PostgreSQL's programs (initdb, postgres): on PATH, or Debian's newest. */
function binDir(): string | null {
  try {
    return path.dirname(execFileSync("sh", ["-c", "command -v initdb"], { encoding: "utf8" }).trim());
  } catch {
    const base = "/usr/lib/postgresql";
    if (!existsSync(base)) return null;
    const newest = readdirSync(base).sort((a, b) => Number(b) - Number(a))[0];
    return newest ? path.join(base, newest, "bin") : null;
  }
}

export interface PrivatePostgres {
  url: string;
  port: number;
  /** Stops the server (fast shutdown: sessions are ended, the cluster is consistent). */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server and removes the cluster. */
  destroy(): Promise<void>;
}

/** Why a private cluster cannot be made here, or null when it can. */
export function privatePostgresMissing(): string | null {
  return binDir() ? null : "PostgreSQL's initdb and postgres programs are not installed";
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = binDir();
  if (!bin) throw new Error("initdb is not installed");
  const root = await mkdtemp(path.join(tmpdir(), "tidings-faults-pg-"));
  const dataDir = path.join(root, "data");
  const socketDir = root;
  const port = await freePort();
  // PostgreSQL refuses to run as root: as root the cluster belongs to the postgres user.
  const asRoot = userInfo().uid === 0;
  const run = (command: string, args: string[]) => (asRoot ? ["runuser", ["-u", "postgres", "--", path.join(bin, command), ...args]] as const : [path.join(bin, command), args] as const);
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    await chmod(root, 0o755);
    await chown(root, uid, gid);
  }
  const [initCommand, initArgs] = run("initdb", ["-D", dataDir, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8", "--locale=C"]);
  execFileSync(initCommand, [...initArgs], { stdio: "pipe" });
  let server: Proc | null = null;
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;

  const handle: PrivatePostgres = {
    url,
    port,
    async start() {
      const [command, args] = run("postgres", ["-D", dataDir, "-p", String(port), "-k", socketDir, "-c", "listen_addresses=127.0.0.1", "-c", "fsync=off", "-c", "max_connections=50"]);
      server = startProcess("postgres", command, [...args]);
      const proc = server;
      await waitFor("the private PostgreSQL to accept connections", () => /ready to accept connections/.test(proc.output()), { watch: [proc], timeoutMs: 30_000 });
    },
    async stop() {
      if (!server) return;
      const proc = server;
      server = null;
      // SIGINT is PostgreSQL's fast shutdown, sent to the postmaster itself (not to runuser).
      const pid = Number((await readFile(path.join(dataDir, "postmaster.pid"), "utf8").catch(() => "")).split("\n")[0]);
      if (pid > 0) process.kill(pid, "SIGINT");
      else proc.child.kill("SIGINT");
      const timer = setTimeout(() => proc.child.kill("SIGKILL"), 15_000);
      await proc.exited();
      clearTimeout(timer);
    },
    async destroy() {
      if (server) {
        await handle.stop().catch(async () => (server ? killHard(server) : undefined));
      }
      await rm(root, { recursive: true, force: true });
    },
  };
  try {
    await handle.start();
  } catch (error) {
    await handle.destroy();
    throw error;
  }
  return handle;
}
