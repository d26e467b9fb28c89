import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/** Debian's newsboat, refreshing the same feeds beside us: the wall time a reader app takes. */
export interface Newsboat {
  version: string;
  /** One `newsboat -x reload` with its cache kept between rounds (its own conditional requests); wall seconds. */
  reload(): Promise<number>;
}

/** Threads newsboat reloads with (`reload-threads`), as issue 41's comparison ran it. */
const RELOAD_THREADS = 8;

/**
 * newsboat set up in `dir` for the feeds of `opmlFile` (every xmlUrl), or null when it is not
 * installed (`apt-get install newsboat`).
 */
export function createNewsboat(dir: string, opmlFile: string): Newsboat | null {
  const probe = spawnSync("newsboat", ["--version"], { encoding: "utf8" });
  if (probe.status !== 0) return null;
  mkdirSync(dir, { recursive: true });
  const urls = [...readFileSync(opmlFile, "utf8").matchAll(/xmlUrl="([^"]+)"/g)].map((match) => match[1]!.replaceAll("&amp;", "&"));
  const urlFile = path.join(dir, "urls");
  const configFile = path.join(dir, "config");
  writeFileSync(urlFile, `${urls.join("\n")}\n`);
  writeFileSync(configFile, `reload-threads ${RELOAD_THREADS}\nshow-read-feeds yes\n`);
  const args = ["-q", "-u", urlFile, "-c", path.join(dir, "cache.db"), "-C", configFile, "-x", "reload"];
  return {
    version: probe.stdout.split("\n")[0]!.replace(/ - .*/, ""),
    async reload() {
      const started = performance.now();
      const child = spawn("newsboat", args, { stdio: ["ignore", "ignore", "pipe"], env: { ...process.env, HOME: dir } });
      let stderr = "";
      child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
      if (code !== 0) throw new Error(`newsboat -x reload exited ${code}: ${stderr.trim()}`);
      return (performance.now() - started) / 1000;
    },
  };
}
