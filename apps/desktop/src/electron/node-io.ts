import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { ChildProcessHandle, DesktopHost } from "../shell/host.ts";

/** The host's files, HTTP and child process: plain Node, the same in Electron's main process as anywhere. */
export type NodeIo = Pick<DesktopHost, "readFile" | "writeFile" | "createFile" | "isDirectory" | "request" | "startServer">;

export interface ServerLaunch {
  /** The program that runs the server's entry (Electron's own binary, run as Node). */
  execPath: string;
  /** The server's entry script. */
  entry: string;
  /** How long the server may take to stop after SIGTERM before it is killed (default {@link STOP_TIMEOUT_MS}). */
  stopTimeoutMs?: number;
}

/**
 * The server's own shutdown ends within 28 s (its requests drained, its embedded PostgreSQL
 * stopped); a kill before that would leave that PostgreSQL running until the next start.
 */
const STOP_TIMEOUT_MS = 30_000;

export function createNodeIo(server: ServerLaunch): NodeIo {
  return {
    async readFile(file) {
      try {
        return await readFile(file, "utf8");
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async writeFile(file, text) {
      // A temporary file beside it, renamed over it: a crash mid-write leaves the old settings whole.
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${randomBytes(6).toString("hex")}.tmp`;
      try {
        await writeFile(temporary, text);
        await rename(temporary, file);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async createFile(file, text) {
      // "wx" fails with EEXIST when the file is there: the check and the write are one step.
      await writeFile(file, text, { flag: "wx" });
    },
    async isDirectory(file) {
      try {
        return (await stat(file)).isDirectory();
      } catch {
        return false;
      }
    },
    async request(url, init) {
      const response = await fetch(url, {
        method: init.method,
        ...(init.headers ? { headers: init.headers } : {}),
        ...(init.body === undefined ? {} : { body: init.body }),
        signal: AbortSignal.timeout(init.timeoutMs),
      });
      return { status: response.status, text: await response.text() };
    },
    async startServer(env) {
      return startProcess(server, env);
    },
  };
}

/**
 * Runs the server's entry with Electron's binary as plain Node (ELECTRON_RUN_AS_NODE): no second
 * runtime to ship. Stopping asks politely (SIGTERM: the server closes its database and stops the
 * embedded PostgreSQL it runs), then kills; a PostgreSQL a killed server left running is stopped
 * by the server's next start.
 */
function startProcess(server: ServerLaunch, env: Record<string, string>): ChildProcessHandle {
  const child = spawn(server.execPath, [server.entry], {
    env: { ...process.env, ...env, ELECTRON_RUN_AS_NODE: "1" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const exited = new Promise<number | null>((resolve) => {
    child.once("exit", (code) => resolve(code));
    child.once("error", () => resolve(null));
  });
  let done = false;
  void exited.then(() => {
    done = true;
  });
  return {
    exited,
    async stop() {
      if (done) return;
      child.kill("SIGTERM");
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timedOut = await Promise.race([
        exited.then(() => false),
        new Promise<boolean>((resolve) => {
          timer = setTimeout(() => resolve(true), server.stopTimeoutMs ?? STOP_TIMEOUT_MS);
        }),
      ]);
      clearTimeout(timer);
      if (timedOut) {
        child.kill("SIGKILL");
        await exited;
      }
    },
  };
}
