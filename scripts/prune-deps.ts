// `node scripts/prune-deps.ts [DIR]`: leaves in DIR/node_modules (an `npm ci --omit=dev` of the
// whole workspace) only what the server runs, for the container image (deploy/Dockerfile).
//
// `npm ci --omit=dev` keeps more than that: every workspace's dependencies (the web client's and
// the desktop shell's, although the image serves a prebuilt web client) and every optional peer
// the lockfile records (vitest, drizzle-kit's build tools…). This walks the lockfile from the
// server's workspaces the way Node resolves a package (nearest node_modules first), following
// dependencies, installed optional dependencies and required peers, and deletes the rest, then
// what no running server reads: type declarations, source maps, and the font files share images
// never draw with (they use Noto Sans at 400 and 700, upright, WOFF: features/share/og-fonts.ts).
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import path from "node:path";

interface LockEntry {
  link?: boolean;
  resolved?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

const ROOTS = ["@tidings/server", "@tidings/contracts", "@tidings/i18n", "@tidings/utils"];
const dir = path.resolve(process.argv[2] ?? ".");
const lock = JSON.parse(readFileSync(path.join(dir, "package-lock.json"), "utf8")) as { packages: Record<string, LockEntry> };
const entries = lock.packages;

/** The lockfile location `name` resolves to from the package at `from` (nearest node_modules up). */
function resolve(from: string, name: string): string | null {
  let at = from;
  for (;;) {
    const candidate = at ? `${at}/node_modules/${name}` : `node_modules/${name}`;
    if (entries[candidate]) return candidate;
    if (!at) return null;
    const nested = at.lastIndexOf("/node_modules/");
    at = nested >= 0 ? at.slice(0, nested) : "";
  }
}

const keep = new Set<string>();
function visit(location: string): void {
  if (keep.has(location)) return;
  keep.add(location);
  const entry = entries[location];
  if (!entry) return;
  if (entry.link && entry.resolved) return visit(entry.resolved);
  const required = Object.keys(entry.peerDependencies ?? {}).filter((name) => !entry.peerDependenciesMeta?.[name]?.optional);
  const names = [...Object.keys(entry.dependencies ?? {}), ...Object.keys(entry.optionalDependencies ?? {}), ...required];
  for (const name of names) {
    const found = resolve(location, name);
    if (found && existsSync(path.join(dir, found))) visit(found);
  }
}
for (const root of ROOTS) {
  const found = resolve("", root);
  if (!found) throw new Error(`prune-deps: ${root} is not in package-lock.json`);
  visit(found);
}

const sizeOf = (target: string): number => {
  const stat = statSync(target, { throwIfNoEntry: false });
  if (!stat || stat.isSymbolicLink()) return 0;
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(target).reduce((sum, name) => sum + sizeOf(path.join(target, name)), 0);
};
const before = sizeOf(path.join(dir, "node_modules"));

// Packages nothing the server runs reaches (nested ones go with their parent).
let packages = 0;
for (const location of Object.keys(entries)) {
  if (!location.includes("node_modules/") || keep.has(location)) continue;
  const target = path.join(dir, location);
  if (!existsSync(target)) continue;
  rmSync(target, { recursive: true, force: true });
  packages++;
}

// Files no running server reads.
const FONT = /^noto-sans(-sc)?-.+-(\d+)-(normal|italic)\.(woff2?)$/;
const unused = (file: string, parent: string) => {
  if (/\.(d\.[cm]?ts|map|a)$/.test(file)) return true;
  if (path.basename(path.dirname(parent)) !== "@fontsource") return false;
  const font = FONT.exec(file);
  return font !== null && !(font[4] === "woff" && font[3] === "normal" && (font[2] === "400" || font[2] === "700"));
};
function sweep(folder: string): void {
  for (const item of readdirSync(folder, { withFileTypes: true })) {
    const target = path.join(folder, item.name);
    if (item.isDirectory()) sweep(target);
    else if (item.isSymbolicLink() && !existsSync(target)) rmSync(target);
    else if (item.isFile() && unused(item.name, path.dirname(folder))) rmSync(target);
  }
}
sweep(path.join(dir, "node_modules"));

const after = sizeOf(path.join(dir, "node_modules"));
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;
console.log(`prune-deps: ${keep.size} packages kept, ${packages} removed; node_modules ${mb(before)} → ${mb(after)}`);
