// A Tidings server process as the fault tests start it: `npm start`'s entry with a data directory
// and, when given, PostgreSQL; its address, and a wait until it answers /readyz.
import { serverMain } from "../server-process.ts";
import { SERVER_NODE_FLAGS } from "../web-build.ts";
import { freePort } from "@tidings/server/testing";
import { type Proc, startProcess, waitFor } from "./processes.ts";

export const AUTH_SECRET = "faults-test-secret-0123456789abcdefghijklmnopq";

export interface ServerProc extends Proc {
  base: string;
  port: number;
}

/** Starts a server process listening on loopback; `env` adds to or overrides the defaults. */
export async function startServer(name: string, env: Record<string, string>, port?: number): Promise<ServerProc> {
  const listen = port ?? (await freePort());
  const base = `http://127.0.0.1:${listen}`;
  const proc = startProcess(name, process.execPath, [...SERVER_NODE_FLAGS, serverMain()], {
    AUTH_SECRET,
    PORT: String(listen),
    HOST: "127.0.0.1",
    WEB_URL: base,
    LOG_LEVEL: "warn",
    PRIVATE_NETWORKS_FOR: "everyone",
    SHARED_PRIVATE_ADDRESSES: "127.0.0.1",
    NODE_ENV: "production",
    ...env,
  });
  return { ...proc, base, port: listen };
}

/** Waits until the server answers /readyz with 200; returns how long that took (ms). */
export function untilReady(server: ServerProc, timeoutMs = 60_000): Promise<number> {
  return waitFor(`${server.name} to be ready`, async () => (await fetch(`${server.base}/readyz`, { signal: AbortSignal.timeout(3000) })).ok, { watch: [server], timeoutMs });
}
