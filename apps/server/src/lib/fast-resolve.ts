import { readFileSync } from "node:fs";
import { registerHooks } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { crc32 } from "node:zlib";

// Node 24 reads the nearest package.json again for every file of a package it loads as ESM (to
// find the file's format), parsing its `exports` map each time. drizzle-orm's package.json is
// 178 KB and its pg-core has hundreds of files: importing it took 1 s of CPU and left 275 MB of
// RSS behind, against 0.1 s and 52 MB with this hook. The hook resolves the relative imports
// between a package's own files itself — an ESM relative specifier names the file exactly —
// with the format read once per package, and remembers how a bare specifier resolved from a
// directory. Anything else resolves as usual.
//
// Node also strips the types of every TypeScript file it loads, with a stripper (WebAssembly) that
// stays ~12 MB resident for the life of each process and each thread that used it once. Node's
// compile cache spared it, but holds every module's cache entry in memory for good (~8 MB for the
// server's ~1 200 modules). Instead the hook serves each of the app's own `.ts` files from a copy
// with its types stripped (stripped-sources.ts writes them, once, in a short-lived process):
// positions are kept (the types become spaces), and a copy ends with the checksum and length of
// the source it was made from: a copy of another version of the file (whatever the files' dates
// say: an archive unpacked over an install keeps its own) is not used.
// This file imports only Node's own modules: its copy is what a process preloads (`--import`)
// to have the hook before its entry file loads.

const NODE_MODULES = "/node_modules/";
/** Where the copies live, under the repository's root: `<root>/<COPIES>/<path from the root>.mjs`. */
const COPIES = "node_modules/.cache/tidings-stripped/";

/** The repository's root, from this file's own place (apps/server/src/lib) or its copy's. */
function repositoryRoot(): string {
  const here = fileURLToPath(import.meta.url);
  const at = here.lastIndexOf(path.sep + COPIES.split("/").join(path.sep));
  return at === -1 ? path.resolve(path.dirname(here), "../../../..") : here.slice(0, at);
}

export const REPOSITORY_ROOT = repositoryRoot();

/** The copy of a TypeScript file of the repository (types stripped), or null outside it. */
export function strippedCopyPath(source: string): string | null {
  const relative = path.relative(REPOSITORY_ROOT, source);
  if (relative.startsWith("..") || path.isAbsolute(relative) || !relative.endsWith(".ts") || relative.split(path.sep).includes("node_modules")) return null;
  return path.join(REPOSITORY_ROOT, COPIES, relative.slice(0, -3) + ".mjs");
}

/** The last line of the copy made from `source` (its bytes): after the code, so no position moves. */
export function strippedCopyMark(source: Uint8Array): string {
  return `\n//# tidings-stripped ${crc32(source).toString(16)} ${source.length}\n`;
}

/** The code of the copy of `source` if it was made from the source as it is now, else null. */
export function strippedCode(source: string): string | null {
  const copy = strippedCopyPath(source);
  if (!copy) return null;
  let code: string;
  let bytes: Uint8Array;
  try {
    code = readFileSync(copy, "utf8");
    bytes = readFileSync(source);
  } catch {
    return null;
  }
  return code.endsWith(strippedCopyMark(bytes)) ? code : null;
}

/**
 * The flag that preloads this hook (from this file's copy) in a process and in each of its
 * threads, so that even its entry file loads without the stripper; null while the copy is missing
 * or stale.
 */
export function strippedPreloadFlag(): string | null {
  const source = path.join(REPOSITORY_ROOT, "apps/server/src/lib/fast-resolve.ts");
  if (strippedCode(source) === null) return null;
  const code = `import { installFastResolve } from ${JSON.stringify(pathToFileURL(strippedCopyPath(source)!).href)}; installFastResolve();`;
  return `--import=data:text/javascript,${encodeURIComponent(code)}`;
}

/** The format of `.js` files per directory URL: the `type` of the nearest package.json. */
const directoryTypes = new Map<string, string>();

/** The root URL of the package holding `url`, or null outside node_modules. */
function packageRoot(url: string): string | null {
  const at = url.lastIndexOf(NODE_MODULES);
  if (at === -1) return null;
  const parts = url.slice(at + NODE_MODULES.length).split("/");
  const depth = parts[0]?.startsWith("@") ? 2 : 1;
  if (parts.length <= depth) return null;
  return url.slice(0, at + NODE_MODULES.length) + parts.slice(0, depth).join("/") + "/";
}

/** The `type` of the nearest package.json at or above `directory` (within `root`), as Node reads it. */
function directoryType(directory: string, root: string): string {
  let type = directoryTypes.get(directory);
  if (type !== undefined) return type;
  let text: string | null;
  try {
    text = readFileSync(new URL("package.json", directory), "utf8");
  } catch {
    text = null;
  }
  if (text !== null) {
    try {
      type = (JSON.parse(text) as { type?: string }).type === "module" ? "module" : "commonjs";
    } catch {
      type = "";
    }
  } else {
    type = directory === root ? "" : directoryType(new URL("../", directory).href, root);
  }
  directoryTypes.set(directory, type);
  return type;
}

function formatOf(url: string, root: string): string | null {
  if (url.endsWith(".mjs")) return "module";
  if (url.endsWith(".cjs")) return "commonjs";
  if (url.endsWith(".js")) return directoryType(new URL("./", url).href, root) || null;
  return null;
}

/** Bare specifiers resolved, per (specifier, importing directory, conditions). */
const bare = new Map<string, { url: string; format?: string | null | undefined }>();

/** Set once the hook is in: this file and its preloaded copy are two modules, one hook. */
const INSTALLED = Symbol.for("tidings.fast-resolve");

/**
 * Installs the hook, once per thread. Call it before importing the app's modules (with
 * `await import()`: static imports are resolved first).
 */
export function installFastResolve(): void {
  const scope = globalThis as { [INSTALLED]?: boolean };
  if (scope[INSTALLED]) return;
  scope[INSTALLED] = true;
  registerHooks({
    load(url, context, nextLoad) {
      if (url.startsWith("file:") && url.endsWith(".ts") && !url.includes(NODE_MODULES)) {
        const code = strippedCode(fileURLToPath(url));
        if (code !== null) return { format: "module", source: code, shortCircuit: true };
      }
      return nextLoad(url, context);
    },
    resolve(specifier, context, nextResolve) {
      const parent = context.parentURL;
      if (parent && (specifier.startsWith("./") || specifier.startsWith("../")) && parent.startsWith("file:")) {
        const root = packageRoot(parent);
        if (root) {
          const url = new URL(specifier, parent).href;
          const format = url.startsWith(root) ? formatOf(url, root) : null;
          if (format) return { url, format, shortCircuit: true };
        }
      }
      if (!parent || specifier.startsWith(".") || specifier.startsWith("node:") || specifier.startsWith("file:") || specifier.startsWith("/")) {
        return nextResolve(specifier, context);
      }
      // A bare specifier resolves the same from every file of a directory: reading the package's
      // exports map once per directory instead of once per importing file.
      const key = `${specifier}\0${new URL("./", parent).href}\0${context.conditions.join(",")}\0${JSON.stringify(context.importAttributes ?? {})}`;
      const known = bare.get(key);
      if (known) return { ...known, shortCircuit: true };
      const resolved = nextResolve(specifier, context);
      bare.set(key, { url: resolved.url, format: resolved.format });
      return resolved;
    },
  });
}
