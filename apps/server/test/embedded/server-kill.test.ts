import { readFileSync } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cleanUp,
  clusterDir,
  isAlive,
  makeDataDir,
  postmasterPid,
  processStatus,
  type ServerProcess,
  sessionUser,
  signIn,
  signUp,
  startServer,
  waitReady,
} from "./server-process.ts";

/**
 * The embedded PostgreSQL outlives a server killed with SIGKILL (it runs in a process group of its
 * own); the next server on the data directory stops that leftover, starts its own and finds every
 * committed row. One server at a time: a second one is refused, naming the first.
 */
describe("the embedded PostgreSQL, when its server is killed", () => {
  const servers: ServerProcess[] = [];
  let dataDir: string;
  let first: ServerProcess;

  beforeAll(async () => {
    dataDir = await makeDataDir("server-kill");
    first = await startServer(dataDir);
    servers.push(first);
    await waitReady(first);
  }, 90_000);

  afterAll(async () => {
    await cleanUp(servers, dataDir ? [dataDir] : []);
  }, 60_000);

  it.skipIf(typeof process.getuid !== "function" || process.getuid() !== 0)("runs PostgreSQL as an unprivileged user when the server runs as root", async () => {
    const owner = await stat(clusterDir(dataDir));
    expect(owner.uid).not.toBe(0);
    const pid = await postmasterPid(dataDir);
    expect(pid).not.toBeNull();
    // The postmaster's real and effective uid: the cluster's owner, not root.
    const [real, effective] = /^Uid:\s+(\d+)\s+(\d+)/m.exec(processStatus(pid!) ?? "")!.slice(1).map(Number);
    expect({ real, effective }).toEqual({ real: owner.uid, effective: owner.uid });
  });

  it("refuses a second server on the same data directory, naming the first, and leaves the first one's database running", async () => {
    const postmaster = await postmasterPid(dataDir);
    expect(postmaster).not.toBeNull();
    const second = await startServer(dataDir);
    servers.push(second);
    const { code } = await second.exited;
    expect(code).not.toBe(0);
    expect(code).not.toBeNull();
    expect(second.output()).toContain(`in use by a running Tidings server (process ${first.child.pid}`);
    // The first one is untouched: the same PostgreSQL, still ready.
    expect(await postmasterPid(dataDir)).toBe(postmaster);
    expect(isAlive(postmaster!)).toBe(true);
    await waitReady(first, 5000);
  }, 60_000);

  it("leaves PostgreSQL running after a SIGKILL; the next server stops that leftover, starts its own and has every committed row", async () => {
    const account = await signUp(first, "kill@example.com", "Kill");
    const leftover = await postmasterPid(dataDir);
    expect(leftover).not.toBeNull();

    first.child.kill("SIGKILL");
    expect(await first.exited).toEqual({ code: null, signal: "SIGKILL" });
    // Its PostgreSQL lives on: the postmaster named by postmaster.pid, a PostgreSQL process.
    expect(isAlive(leftover!)).toBe(true);
    expect(readFileSync(`/proc/${leftover}/comm`, "utf8")).toMatch(/postgres/);
    expect(await postmasterPid(dataDir)).toBe(leftover);
    // The lock still names the killed server: the next one must see it has ended.
    expect(JSON.parse(readFileSync(path.join(dataDir, "postgres.lock"), "utf8"))).toMatchObject({ pid: first.child.pid });

    const next = await startServer(dataDir);
    servers.push(next);
    const readyMs = await waitReady(next);
    console.log(`server-kill: the next server stopped the leftover PostgreSQL (pid ${leftover}) and was ready in ${readyMs} ms`);

    expect(isAlive(leftover!)).toBe(false);
    const running = await postmasterPid(dataDir);
    expect(running).not.toBeNull();
    expect(running).not.toBe(leftover);
    expect(isAlive(running!)).toBe(true);
    expect(next.logLines().some((line) => /left running/.test(String(line.msg)) && line.pid === leftover)).toBe(true);

    // The account is still there: its password signs in, and the session made before the kill is valid.
    const signedIn = await signIn(next, "kill@example.com");
    expect(signedIn).toMatchObject({ status: 200, userId: account.userId });
    expect(await sessionUser(next, account.cookie)).toBe(account.userId);
    expect((await signIn(next, "kill@example.com", "not the password")).status).toBe(401);
  }, 90_000);
});
