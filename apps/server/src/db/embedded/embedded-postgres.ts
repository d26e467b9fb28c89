import { type ChildProcess, spawn } from "node:child_process";
import { chmod, mkdir, readFile, stat } from "node:fs/promises";
import { createServer } from "node:net";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { binariesReachableBy, type PostgresBinaries } from "./binaries.ts";
import { CLUSTER_DATABASE, CLUSTER_USER, clusterVersion, ClusterVersionError, createCluster, explainFailure, PASSWORD_FILE, postgresEnv } from "./cluster.ts";
import { isAlive, readPostmasterFile, stopLeftover, waitForExit } from "./postmaster.ts";
import { blockedAncestor, type RunAs, unprivilegedUser } from "./run-as.ts";

/** Where the embedded PostgreSQL is reached: what `pg` takes. */
export interface EmbeddedConnection {
  /** The Unix socket's directory, or 127.0.0.1. */
  host: string;
  port: number;
  user: string;
  database: string;
  /** Only on the loopback address (no Unix socket): the cluster's own password. */
  password?: string;
}

export interface EmbeddedPostgresLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface EmbeddedPostgresOptions {
  /** The cluster's directory (DATA_DIR/postgres): made on the first start. */
  dir: string;
  logger?: EmbeddedPostgresLog;
  /**
   * false: no fsync (tests and throw-away benchmarks only: a crash of the machine may lose the
   * cluster). Default true: every commit is on disk when acknowledged.
   */
  durable?: boolean;
  /** Settings given on PostgreSQL's command line, over postgresql.conf (tests). */
  settings?: Record<string, string>;
}

export interface EmbeddedPostgres {
  readonly connection: EmbeddedConnection;
  /** A connection string for `connection`'s database (others: {@link urlFor}). */
  readonly url: string;
  urlFor(database: string): string;
  readonly version: string;
  /** Why the database is not answering now (it died and is being restarted), or null while it runs. */
  down(): string | null;
  /** Stops PostgreSQL (a fast shutdown: sessions end, a checkpoint is written). */
  stop(): Promise<void>;
  /** The server's process id (tests: to make it die). */
  readonly pid: number | null;
}

/** A Unix socket's path must fit in 107 bytes (sun_path); past that, the loopback address is used. */
const MAX_SOCKET_PATH = 100;
const SOCKET_PORT = 5432;
/** How long a start (crash recovery included) may take before it is given up. */
const START_TIMEOUT_MS = 120_000;
/** Restarts after a death wait this long first, doubling up to RESTART_MAX_MS. */
const RESTART_FIRST_MS = 200;
const RESTART_MAX_MS = 10_000;

const silent: EmbeddedPostgresLog = { info() {}, warn() {}, error() {} };

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export function connectionUrl(connection: EmbeddedConnection, database = connection.database): string {
  const auth = connection.password ? `${connection.user}:${encodeURIComponent(connection.password)}` : connection.user;
  if (connection.host.startsWith("/") || /^[A-Za-z]:\\/.test(connection.host)) {
    return `postgresql://${auth}@localhost:${connection.port}/${database}?host=${encodeURIComponent(connection.host)}`;
  }
  return `postgresql://${auth}@${connection.host}:${connection.port}/${database}`;
}

/** Where a cluster in `dir` listens: its own directory's socket, or a free port of 127.0.0.1. */
async function listenAddress(dir: string): Promise<EmbeddedConnection> {
  const socketPath = path.join(dir, `.s.PGSQL.${SOCKET_PORT}`);
  if (process.platform !== "win32" && Buffer.byteLength(socketPath) <= MAX_SOCKET_PATH) {
    return { host: dir, port: SOCKET_PORT, user: CLUSTER_USER, database: CLUSTER_DATABASE };
  }
  const password = (await readFile(path.join(dir, PASSWORD_FILE), "utf8")).trim();
  return { host: "127.0.0.1", port: await freePort(), user: CLUSTER_USER, database: CLUSTER_DATABASE, password };
}

/** Makes Tidings' database in the cluster when it is not there yet (the first start). */
async function ensureDatabase(connection: EmbeddedConnection): Promise<void> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ ...connection, database: "postgres" });
  await client.connect();
  try {
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [connection.database]);
    if (!rowCount) await client.query(`CREATE DATABASE "${connection.database}"`);
  } finally {
    await client.end();
  }
}

/**
 * Starts the PostgreSQL of `options.dir` and keeps it running: made there on the first start,
 * a leftover of a killed server stopped first, restarted when it dies (it replays its WAL: nothing
 * committed is lost) while {@link EmbeddedPostgres.down} says why it does not answer. The caller
 * holds the data directory's lock (one Tidings per cluster).
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const { dir } = options;
  const logger = options.logger ?? silent;
  const runAs = await unprivilegedUser(dir);
  const binaries = await binariesReachableBy(runAs);
  if (runAs) {
    let blocked = await blockedAncestor(dir, runAs);
    if (blocked === path.dirname(path.resolve(dir))) {
      // The data directory itself (Tidings' own, made 0700 by mkdtemp or a umask): PostgreSQL's
      // user may pass through it to its cluster, without reading anything else there.
      await chmod(blocked, ((await stat(blocked)).mode & 0o7777) | 0o001);
      blocked = await blockedAncestor(dir, runAs);
    }
    if (blocked) {
      throw new Error(
        `PostgreSQL cannot run as root, so it runs as the user ${runAs.name}, who cannot reach ${dir}: ${blocked} lets only its owner in. ` +
          "Run Tidings as an ordinary user, or set DATA_DIR to a directory that user can reach (e.g. under /var/lib or /srv).",
      );
    }
  }
  await mkdir(path.dirname(path.resolve(dir)), { recursive: true });
  const found = await clusterVersion(dir);
  if (found === null) {
    const started = performance.now();
    await createCluster(dir, binaries, runAs, { sync: options.durable !== false });
    logger.info({ dir, postgres: binaries.version, ms: Math.round(performance.now() - started), ...(runAs ? { runsAs: runAs.name } : {}) }, "embedded database created");
  } else if (found !== binaries.major) {
    throw new ClusterVersionError(dir, found, binaries.major);
  }
  const leftover = await stopLeftover(dir);
  if (leftover) logger.warn({ pid: leftover, dir }, "stopped the embedded PostgreSQL a server that ended without stopping it had left running");
  const connection = await listenAddress(dir);
  const supervisor = new Supervisor(dir, binaries, runAs, connection, options, logger);
  await supervisor.start();
  try {
    await ensureDatabase(connection);
  } catch (error) {
    await supervisor.stop();
    throw error;
  }
  return {
    connection,
    url: connectionUrl(connection),
    urlFor: (database) => connectionUrl(connection, database),
    version: binaries.version,
    down: () => supervisor.downReason,
    stop: () => supervisor.stop(),
    get pid() {
      return supervisor.pid;
    },
  };
}

/** The running PostgreSQL process: started, watched, restarted after a death, stopped. */
class Supervisor {
  private child: ChildProcess | null = null;
  private stopping = false;
  private restartDelay = RESTART_FIRST_MS;
  private recentOutput = "";
  downReason: string | null = "starting";

  private readonly dir: string;
  private readonly binaries: PostgresBinaries;
  private readonly runAs: RunAs | null;
  private readonly connection: EmbeddedConnection;
  private readonly options: EmbeddedPostgresOptions;
  private readonly logger: EmbeddedPostgresLog;

  constructor(dir: string, binaries: PostgresBinaries, runAs: RunAs | null, connection: EmbeddedConnection, options: EmbeddedPostgresOptions, logger: EmbeddedPostgresLog) {
    this.dir = dir;
    this.binaries = binaries;
    this.runAs = runAs;
    this.connection = connection;
    this.options = options;
    this.logger = logger;
  }

  get pid(): number | null {
    return this.child?.pid ?? null;
  }

  private args(): string[] {
    const socket = this.connection.host === this.dir;
    const settings: Record<string, string> = {
      listen_addresses: socket ? "" : "127.0.0.1",
      port: String(this.connection.port),
      unix_socket_directories: socket ? this.dir : "",
      unix_socket_permissions: "0700",
      ...(this.options.durable === false ? { fsync: "off", synchronous_commit: "off", full_page_writes: "off" } : {}),
      ...this.options.settings,
    };
    return ["-D", this.dir, ...Object.entries(settings).flatMap(([name, value]) => ["-c", `${name}=${value}`])];
  }

  /** Starts PostgreSQL and waits until it accepts connections; rejects with its reason if it ends first. */
  async start(): Promise<void> {
    this.recentOutput = "";
    // A process group of its own: a Ctrl-C in the terminal reaches the server, which stops the
    // database after its requests have drained, not both at once.
    const child = spawn(this.binaries.postgres, this.args(), {
      stdio: ["ignore", "ignore", "pipe"],
      detached: process.platform !== "win32",
      env: postgresEnv(),
      ...(this.runAs ? { uid: this.runAs.uid, gid: this.runAs.gid } : {}),
    });
    this.child = child;
    child.stderr!.setEncoding("utf8").on("data", (chunk: string) => this.onOutput(chunk));
    const exited = new Promise<string>((resolve) => child.once("exit", (code, signal) => resolve(signal ? `signal ${signal}` : `exit code ${code}`)));
    child.once("error", (error) => this.onOutput(`${error.message}\n`));
    const deadline = Date.now() + START_TIMEOUT_MS;
    for (;;) {
      const ended = await Promise.race([exited, sleep(15).then(() => null)]);
      if (ended !== null) {
        this.child = null;
        throw new Error(`The embedded PostgreSQL (${this.dir}) did not start (${ended}): ${explainFailure(this.recentOutput)}`);
      }
      const file = await readPostmasterFile(this.dir);
      if (file && file.pid === child.pid && file.status === "ready") break;
      if (Date.now() > deadline) {
        child.kill("SIGQUIT");
        throw new Error(`The embedded PostgreSQL (${this.dir}) did not become ready within ${START_TIMEOUT_MS / 1000} s: ${explainFailure(this.recentOutput)}`);
      }
    }
    this.downReason = null;
    void exited.then((how) => this.onExit(child, how));
  }

  private onOutput(chunk: string): void {
    this.recentOutput = (this.recentOutput + chunk).slice(-8000);
    for (const line of chunk.split("\n")) {
      if (/\b(PANIC|FATAL|ERROR|WARNING):/.test(line) && !/terminating connection due to (administrator command|unexpected postmaster exit)|the database system is (starting up|shutting down)/.test(line)) {
        this.logger.warn({ postgres: line.trim() }, "embedded PostgreSQL");
      }
    }
  }

  private onExit(child: ChildProcess, how: string): void {
    if (this.child !== child) return;
    this.child = null;
    if (this.stopping) return;
    this.downReason = `the embedded PostgreSQL ended (${how}) and is being restarted`;
    this.logger.error({ how, reason: explainFailure(this.recentOutput) }, "the embedded PostgreSQL ended; restarting it");
    void this.restart();
  }

  private async restart(): Promise<void> {
    while (!this.stopping) {
      await sleep(this.restartDelay);
      if (this.stopping) return;
      try {
        // Its backends end when they notice their postmaster is gone; a new one waits for that.
        await stopLeftover(this.dir);
        await this.start();
        this.logger.info({ pid: this.child?.pid }, "the embedded PostgreSQL was restarted");
        this.restartDelay = RESTART_FIRST_MS;
        return;
      } catch (error) {
        this.downReason = `the embedded PostgreSQL could not be restarted: ${(error as Error).message}`;
        this.logger.error({ retryInMs: this.restartDelay * 2 }, this.downReason);
        this.restartDelay = Math.min(this.restartDelay * 2, RESTART_MAX_MS);
      }
    }
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.downReason = "stopped";
    const child = this.child;
    if (!child?.pid || !isAlive(child.pid)) return;
    const ended = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    child.kill("SIGINT");
    // An unreferenced timer: a process whose work is done exits without waiting for it.
    const done = await Promise.race([ended.then(() => true), sleep(30_000, false, { ref: false })]);
    if (!done) {
      child.kill("SIGQUIT");
      await waitForExit(child.pid, 10_000);
    }
    this.child = null;
  }
}
