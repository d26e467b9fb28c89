// What a process does before it loads the server (`@tidings/server/process`): restart with the
// V8 flags and allocator settings it runs best with, and install the fast module resolution.
// Light on purpose: nothing here loads the server's modules.
export { installFastResolve } from "./lib/fast-resolve.ts";
export { ensureStrippedCopies, preloadFlags } from "./lib/stripped-sources.ts";
export { REFRESH_NODE_FLAGS, restartWithFlags, tunedEnv } from "./lib/tuned-process.ts";
