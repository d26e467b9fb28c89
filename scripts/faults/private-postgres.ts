// A PostgreSQL server of the test's own: the embedded one (the registry's binaries Tidings runs)
// started in a temporary directory, reached by its URL as an operator's server is. A test may
// stop it and start it again on the same cluster without touching anything of the machine's.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { type EmbeddedPostgres, startEmbeddedPostgres } from "@tidings/server";
import { stopClusterLeftover } from "../bench/postgres-processes.ts";

export interface PrivatePostgres {
  /** The connection string of its database (the same across restarts). */
  url: string;
  /** Another database's on the same server. */
  urlFor(database: string): string;
  /** The cluster's directory. */
  dir: string;
  /** The running postmaster's process id, or null while it is stopped. */
  readonly pid: number | null;
  /** Stops the server (fast shutdown: sessions are ended, the cluster is consistent). */
  stop(): Promise<void>;
  /** Starts it again on the same cluster; resolves once it accepts connections. */
  start(): Promise<void>;
  /** Stops the server and removes the cluster. */
  destroy(): Promise<void>;
}

export async function startPrivatePostgres(options: { maxConnections?: number } = {}): Promise<PrivatePostgres> {
  const root = await mkdtemp(path.join(tmpdir(), "tidings-faults-pg-"));
  const dir = path.join(root, "postgres");
  const open = () => startEmbeddedPostgres({ dir, durable: false, settings: { max_connections: String(options.maxConnections ?? 100) } });
  let server: EmbeddedPostgres | null;
  try {
    server = await open();
  } catch (error) {
    await rm(root, { recursive: true, force: true });
    throw error;
  }
  const { url, urlFor } = server;
  const handle: PrivatePostgres = {
    url,
    urlFor,
    dir,
    get pid() {
      return server?.pid ?? null;
    },
    async stop() {
      const running = server;
      server = null;
      await running?.stop();
    },
    async start() {
      if (server) return;
      server = await open();
      if (server.url !== url) throw new Error(`the private PostgreSQL came back elsewhere: ${server.url}, not ${url}`);
    },
    async destroy() {
      await handle.stop().catch(() => {});
      // Whatever still runs on the cluster (a start cut short).
      await stopClusterLeftover(dir).catch(() => {});
      await rm(root, { recursive: true, force: true });
    },
  };
  return handle;
}
