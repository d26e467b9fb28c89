// `npm run cli`: the command-line entry. It installs the fast module resolution before loading
// anything else (see lib/fast-resolve.ts), so a one-shot command starts in a fraction of the time.
import { installFastResolve } from "./lib/fast-resolve.ts";

installFastResolve();
await import("./cli/run.ts");
