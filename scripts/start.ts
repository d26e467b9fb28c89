// `npm start`: checks the configuration, builds the web client if it is missing or stale, then
// serves the API and the web app from one process.
import os from "node:os";
import path from "node:path";
import { restartWithFlags } from "../apps/server/src/lib/tuned-process.ts";

/**
 * V8 flags that cannot be set once the process runs. `--liftoff-only`: PGlite's WebAssembly stays
 * on V8's baseline compiler. The optimising tier recompiles hot functions in the background, and
 * for one of PGlite's (~100 KB of code) it needs ~600 MB of scratch memory: a 600 MB spike at the
 * first busy minute (start-up, a big refresh), of which the C allocator keeps ~60 MB for good.
 */
const NODE_FLAGS = ["--liftoff-only"];

/**
 * glibc's allocator (ignored by other C libraries), told to give freed memory back: by default it
 * raises its thresholds after the first large block is freed, so that later large blocks come
 * from the heap and stay there, and it keeps an arena per thread that allocated (~4 MB idle).
 */
const MALLOC_ENV = { MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "131072", MALLOC_TRIM_THRESHOLD_: "131072" };

/**
 * Node's compile cache, on from the start: then it also holds this file, and a start that finds
 * everything in it never loads the TypeScript stripper (~8 MB resident for good).
 */
const COMPILE_CACHE_ENV: Record<string, string> =
  process.env.NODE_COMPILE_CACHE || process.env.NODE_DISABLE_COMPILE_CACHE ? {} : { NODE_COMPILE_CACHE: path.join(os.tmpdir(), "node-compile-cache") };

// Restarts in place (same process id, no child left behind) with the flags and settings above.
restartWithFlags(NODE_FLAGS, { ...MALLOC_ENV, ...COMPILE_CACHE_ENV });
// Before the server's modules load (imported dynamically, after this): they then cost a fraction
// of the time and memory.
const { installFastResolve } = await import("../apps/server/src/lib/fast-resolve.ts");
installFastResolve();
const { ConfigError, loadConfig } = await import("../apps/server/src/env.ts");
const { ensureWebBuild } = await import("./web-build.ts");

try {
  loadConfig(process.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
ensureWebBuild();
await import("../apps/server/src/main.ts");
