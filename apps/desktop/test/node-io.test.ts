import { existsSync } from "node:fs";
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createNodeIo } from "../src/electron/node-io.ts";
import { afterTest, healthServer, tempDir } from "./helpers.ts";

describe("the host's files", () => {
  it("writes whole files through a temporary one, creates new ones only, tells folders", async () => {
    const dir = await tempDir();
    const io = createNodeIo({ execPath: process.execPath, entry: "unused" });
    const file = path.join(dir, "nested", "settings.json");
    expect(await io.readFile(file)).toBeNull();
    await io.writeFile(file, "one");
    await io.writeFile(file, "two");
    expect(await io.readFile(file)).toBe("two");
    expect(await readdir(path.dirname(file))).toEqual(["settings.json"]);
    await io.createFile(path.join(dir, "note.md"), "a");
    await expect(io.createFile(path.join(dir, "note.md"), "b")).rejects.toMatchObject({ code: "EEXIST" });
    expect(await readFile(path.join(dir, "note.md"), "utf8")).toBe("a");
    expect(await io.isDirectory(dir)).toBe(true);
    expect(await io.isDirectory(path.join(dir, "note.md"))).toBe(false);
    expect(await io.isDirectory(path.join(dir, "none"))).toBe(false);
  });

  it("requests over HTTP with a time limit", async () => {
    const io = createNodeIo({ execPath: process.execPath, entry: "unused" });
    const server = await healthServer();
    expect(await io.request(`${server}/healthz`, { method: "GET", timeoutMs: 2_000 })).toEqual({ status: 200, text: '{"status":"ok"}' });
    await expect(io.request(`${server}/slow`, { method: "GET", timeoutMs: 100 })).rejects.toThrow(/timeout|aborted/i);
  });
});

describe("the embedded server's process", () => {
  it("runs the entry as Node with the settings, and stops it with SIGTERM", { timeout: 30_000 }, async () => {
    const dir = await tempDir();
    const entry = path.join(dir, "server.mjs");
    const out = path.join(dir, "env.json");
    await writeFile(
      entry,
      `import { writeFileSync } from "node:fs";
       writeFileSync(${JSON.stringify(out)}, JSON.stringify({ run: process.env.ELECTRON_RUN_AS_NODE, port: process.env.PORT }));
       process.on("SIGTERM", () => process.exit(7));
       setInterval(() => {}, 1000);`,
    );
    const io = createNodeIo({ execPath: process.execPath, entry });
    const child = await io.startServer({ PORT: "4321" });
    afterTest(() => child.stop());
    await expect.poll(() => existsSync(out), { timeout: 15_000 }).toBe(true);
    expect(JSON.parse(await readFile(out, "utf8"))).toEqual({ run: "1", port: "4321" });
    await child.stop();
    expect(await child.exited).toBe(7);
  });

  it("kills a server that does not stop in time", { timeout: 30_000 }, async () => {
    const dir = await tempDir();
    const entry = path.join(dir, "stubborn.mjs");
    const ready = path.join(dir, "ready");
    await writeFile(entry, `import { writeFileSync } from "node:fs"; process.on("SIGTERM", () => {}); writeFileSync(${JSON.stringify(ready)}, ""); setInterval(() => {}, 1000);`);
    const io = createNodeIo({ execPath: process.execPath, entry, stopTimeoutMs: 200 });
    const child = await io.startServer({});
    afterTest(() => child.stop());
    await expect.poll(() => existsSync(ready), { timeout: 15_000 }).toBe(true);
    const started = Date.now();
    await child.stop();
    expect(await child.exited).toBeNull();
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
  });
});
