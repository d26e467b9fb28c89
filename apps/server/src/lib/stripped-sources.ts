import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { REPOSITORY_ROOT, strippedCode, strippedCopyMark, strippedCopyPath, strippedPreloadFlag } from "./fast-resolve.ts";

// The copies of the app's TypeScript files with their types stripped, that the module hook
// (fast-resolve.ts) serves instead of having Node strip them in every process and thread.

/** The folders (from the repository's root) whose TypeScript a server, worker or CLI process loads. */
const SOURCE_FOLDERS = ["apps/server/src", "packages", "scripts"];

function isSource(name: string): boolean {
  return name.endsWith(".ts") && !name.endsWith(".d.ts") && !name.endsWith(".test.ts");
}

function* sourcesUnder(folder: string): Generator<string> {
  let entries;
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "node_modules" && entry.name !== "test" && entry.name !== "dist") yield* sourcesUnder(full);
    } else if (entry.isFile() && isSource(entry.name)) yield full;
  }
}

/** The app's TypeScript files whose copy is missing or was made from another version of them. */
export function staleSources(): string[] {
  return SOURCE_FOLDERS.flatMap((folder) => [...sourcesUnder(path.join(REPOSITORY_ROOT, folder))]).filter((source) => strippedCode(source) === null);
}

/**
 * Writes the copies of `sources` (each through a temporary file renamed over it, so a process
 * reading meanwhile sees a whole copy or none). Uses Node's stripper: run it in a process that may
 * keep it, such as the short-lived one ensureStrippedCopies starts. Answers how many it wrote.
 */
export async function writeStrippedCopies(sources: readonly string[]): Promise<number> {
  const { stripTypeScriptTypes } = await import("node:module");
  let written = 0;
  for (const source of sources) {
    const copy = strippedCopyPath(source);
    if (!copy) continue;
    const bytes = readFileSync(source);
    const code = stripTypeScriptTypes(bytes.toString("utf8"), { mode: "strip" }) + strippedCopyMark(bytes);
    mkdirSync(path.dirname(copy), { recursive: true });
    const temporary = `${copy}.${process.pid}.tmp`;
    writeFileSync(temporary, code);
    renameSync(temporary, copy);
    written++;
  }
  return written;
}

/**
 * Brings the copies up to date, in a short-lived process (the stripper stays out of this one):
 * after an install or an update, the first start takes ~1 s more. Answers false if they could not
 * be written (a read-only install): Node then strips the files itself, as it would without them.
 */
export function ensureStrippedCopies(): boolean {
  if (staleSources().length === 0) return true;
  const script = `const { staleSources, writeStrippedCopies } = await import(${JSON.stringify(pathToFileURL(import.meta.filename).href)}); await writeStrippedCopies(staleSources());`;
  const child = spawnSync(process.execPath, ["--no-warnings", "--input-type=module", "--eval", script], { stdio: ["ignore", "ignore", "pipe"], encoding: "utf8" });
  return child.status === 0;
}

/** The flags that preload the module hook, with the copies brought up to date first; none when they could not be. */
export function preloadFlags(): string[] {
  ensureStrippedCopies();
  const preload = strippedPreloadFlag();
  return preload ? [preload] : [];
}
