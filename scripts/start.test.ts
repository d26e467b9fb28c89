import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { SERVER_NODE_FLAGS } from "./web-build.ts";

const START = fileURLToPath(new URL("./start.ts", import.meta.url));

describe("npm start", () => {
  it("stops before doing anything on an invalid environment, naming every invalid variable", () => {
    const result = spawnSync(process.execPath, [START], {
      env: { ...process.env, PORT: "abc", WEB_URL: "nope", DATA_DIR: "/nonexistent/never-created" },
      encoding: "utf8",
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^Invalid environment variables\n/);
    expect(result.stderr).toContain('PORT must be a port number from 1 to 65535 (got "abc")');
    expect(result.stderr).toContain("WEB_URL must be a http:// or https:// URL");
    expect(result.stdout).toBe("");
  });

  it("passes the same V8 flags that the benchmark and end-to-end tests measure", () => {
    const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { scripts: { start: string } };
    expect(pkg.scripts.start).toBe(`node ${SERVER_NODE_FLAGS.join(" ")} scripts/start.ts`);
  });
});
