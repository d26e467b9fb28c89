import type { TestProject } from "vitest/node";
import { ensureWebBuild } from "../scripts/web-build.ts";
import { startServer } from "./helpers/extra-server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** Where the real server under test answers, e.g. http://localhost:41234 */
    baseURL: string;
    /** The server's DATA_DIR: mail written without SMTP lands in its `outbox/` as .eml files. */
    dataDir: string;
  }
}

/**
 * Builds the web client if needed and starts the real server, exactly as `npm start` does, on a
 * free port with an empty data directory (embedded database).
 */
export default async function setup(project: TestProject) {
  ensureWebBuild();
  const { baseURL, dataDir, stop } = await startServer();
  project.provide("baseURL", baseURL);
  project.provide("dataDir", dataDir);
  return stop;
}
