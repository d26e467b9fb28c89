// `npm run worker`: the refresh worker's entry. It restarts itself once with the V8 flags of a
// refreshing process (see lib/tuned-process.ts), installs the fast module resolution before
// loading anything else (see lib/fast-resolve.ts), then runs the worker (worker-run.ts).
import { installFastResolve } from "./lib/fast-resolve.ts";
import { REFRESH_NODE_FLAGS, restartWithFlags } from "./lib/tuned-process.ts";

restartWithFlags(REFRESH_NODE_FLAGS);
installFastResolve();
await import("./worker-run.ts");
