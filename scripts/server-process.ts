// How `npm start` runs the server process; benchmarks that spawn the server use the same, so
// their figures are the ones a person running `npm start` gets.
import { createRequire } from "node:module";
import { preloadFlags, REFRESH_NODE_FLAGS, tunedEnv } from "@tidings/server/process";

/**
 * V8 flags that cannot be set once the process runs: the refresh flags (REFRESH_NODE_FLAGS: the
 * server's scheduler refreshes feeds).
 */
export const START_NODE_FLAGS = [...REFRESH_NODE_FLAGS];

/**
 * Every flag `npm start`'s server process runs with, for a benchmark that starts the server's
 * entry file itself: START_NODE_FLAGS and the module hook preloaded from the stripped copies of
 * the sources (brought up to date first), as `npm start`'s restart adds it.
 */
export function startNodeFlags(): string[] {
  return [...START_NODE_FLAGS, ...preloadFlags()];
}

/** The allocator settings `npm start` runs with (tunedEnv). */
export const START_ENV = tunedEnv();

/**
 * The server's entry file (`@tidings/server/main`, what `npm start` runs), for a benchmark or test
 * that starts the server as a process of its own. Resolved as `require.resolve` does: the export
 * has no conditions, so it is the file `import.meta.resolve` names, and this also works under
 * Vitest's module runner (the end-to-end tests), which has no `import.meta.resolve`.
 */
export function serverMain(): string {
  return createRequire(import.meta.url).resolve("@tidings/server/main");
}
