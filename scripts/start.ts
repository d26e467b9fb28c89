// `npm start`: checks the configuration, builds the web client if it is missing or stale, then
// serves the API and the web app from one process.
import { installFastResolve, restartWithFlags } from "@tidings/server/process";
import { START_ENV, START_NODE_FLAGS } from "./server-process.ts";

// Restarts in place (same process id, no child left behind) with the flags and settings above.
restartWithFlags(START_NODE_FLAGS, START_ENV);
// Before the server's modules load (imported dynamically, after this): they then cost a fraction
// of the time and memory. `@tidings/server/process` itself loads nothing of the server.
installFastResolve();
const { ConfigError, loadConfig } = await import("@tidings/server");
const { ensureWebBuild } = await import("./web-build.ts");

try {
  loadConfig(process.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
ensureWebBuild();
await import("@tidings/server/main");
