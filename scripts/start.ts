// `npm start`: checks the configuration, builds the web client if it is missing or stale, then
// serves the API and the web app from one process.
import { ConfigError, loadConfig } from "../apps/server/src/env.ts";
import { ensureWebBuild } from "./web-build.ts";

try {
  loadConfig(process.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
ensureWebBuild();
await import("../apps/server/src/main.ts");
