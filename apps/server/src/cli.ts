// `npm run cli`: the command-line entry. It restarts itself once with the V8 flags of a refreshing
// process (see lib/tuned-process.ts), installs the fast module resolution before loading anything
// else (see lib/fast-resolve.ts), so a one-shot command starts in a fraction of the time.
import { installFastResolve } from "./lib/fast-resolve.ts";
import { REFRESH_NODE_FLAGS, restartWithFlags } from "./lib/tuned-process.ts";

restartWithFlags(REFRESH_NODE_FLAGS);
installFastResolve();
await import("./cli/run.ts");
