// `npm run worker`: the refresh worker's entry. It installs the fast module resolution before
// loading anything else (see lib/fast-resolve.ts), then runs the worker (worker-run.ts).
import { installFastResolve } from "./lib/fast-resolve.ts";

installFastResolve();
await import("./worker-run.ts");
