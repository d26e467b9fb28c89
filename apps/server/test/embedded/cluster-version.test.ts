import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { lstat, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanUp, clusterDir, makeDataDir, postmasterPid, type ServerProcess, signIn, signUp, startServer, stopServer, waitReady } from "./server-process.ts";

/** Every file and directory under `dir`: its kind, mode, owner, size, modification time and content's digest. */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  const walk = async (current: string) => {
    for (const entry of (await readdir(current)).sort()) {
      const full = path.join(current, entry);
      const info = await lstat(full);
      const key = path.relative(dir, full);
      if (info.isDirectory()) {
        result[key] = `dir ${info.mode.toString(8)} ${info.uid}:${info.gid} ${info.mtimeMs}`;
        await walk(full);
      } else {
        const digest = info.isFile() ? createHash("sha256").update(await readFile(full)).digest("hex") : "-";
        result[key] = `file ${info.mode.toString(8)} ${info.uid}:${info.gid} ${info.size} ${info.mtimeMs} ${digest}`;
      }
    }
  };
  await walk(dir);
  return result;
}

/**
 * A cluster made by another major version of PostgreSQL (an upgrade of Tidings that brings a new
 * PostgreSQL) is not opened: the server exits, says which versions and how to move the database,
 * and does not touch the directory.
 */
describe("a cluster of another major version of PostgreSQL", () => {
  const servers: ServerProcess[] = [];
  let dataDir: string;
  /** The major version the server's PostgreSQL is, as its first start logged it. */
  let major: number;

  beforeAll(async () => {
    dataDir = await makeDataDir("cluster-version");
    const first = await startServer(dataDir);
    servers.push(first);
    await waitReady(first);
    await signUp(first, "version@example.com", "Version");
    const created = first.logLines().find((line) => line.msg === "embedded database created");
    expect(created, first.output()).toBeDefined();
    major = Number.parseInt(String(created!.postgres), 10);
    expect(await stopServer(first)).toEqual({ code: 0, signal: null });
    expect(await postmasterPid(dataDir)).toBeNull(); // stopped cleanly
  }, 90_000);

  afterAll(async () => {
    await cleanUp(servers, dataDir ? [dataDir] : []);
  }, 60_000);

  it("makes the server exit non-zero, naming both versions and the way to upgrade, and changes nothing", async () => {
    const versionFile = path.join(clusterDir(dataDir), "PG_VERSION");
    expect((await readFile(versionFile, "utf8")).trim()).toBe(String(major));
    const older = major - 1;
    await writeFile(versionFile, `${older}\n`);
    const before = await snapshot(clusterDir(dataDir));

    const server = await startServer(dataDir);
    servers.push(server);
    const { code, signal } = await server.exited;
    expect(signal).toBeNull();
    expect(code).not.toBe(0);
    const output = server.output();
    expect(output).toContain(`PostgreSQL ${older}`);
    expect(output).toContain(`PostgreSQL ${major}`);
    expect(output).toMatch(/backup/);
    expect(output).toMatch(/restore/);
    expect(output).toMatch(/pg_upgrade/);
    const fatal = server.logLines().find((line) => line.level === 60);
    expect(fatal?.msg, output).toMatch(new RegExp(`made by PostgreSQL ${older}\\b.*runs PostgreSQL ${major}\\b`));

    // Nothing in the cluster changed, nothing was started, and the lock was given back.
    expect((await readFile(versionFile, "utf8")).trim()).toBe(String(older));
    expect(await snapshot(clusterDir(dataDir))).toEqual(before);
    expect(existsSync(path.join(clusterDir(dataDir), "postmaster.pid"))).toBe(false);
    expect(existsSync(path.join(dataDir, "postgres.lock"))).toBe(false);
  }, 60_000);

  it("opens the same cluster again once its version is its own (it was refused for the version alone)", async () => {
    await writeFile(path.join(clusterDir(dataDir), "PG_VERSION"), `${major}\n`);
    const server = await startServer(dataDir);
    servers.push(server);
    let stopped;
    try {
      await waitReady(server);
      expect((await signIn(server, "version@example.com")).status).toBe(200);
    } finally {
      stopped = await stopServer(server);
    }
    expect(stopped).toEqual({ code: 0, signal: null });
  }, 60_000);
});
