import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_ORIGIN } from "../helpers/app.ts";
import { freePort } from "../helpers/free-port.ts";

const MAIN = fileURLToPath(new URL("../../src/main.ts", import.meta.url));

/**
 * Loaded into the server before its own modules: records the npm package of every module it
 * loads and every Intl service it makes, and writes both into LOADED_PACKAGES_FILE when the
 * process exits.
 */
const RECORDER = `data:text/javascript,${encodeURIComponent(`
import { registerHooks } from "node:module";
import { writeFileSync } from "node:fs";
const seen = new Set();
const services = new Set();
for (const name of Object.getOwnPropertyNames(Intl)) {
  const real = Intl[name];
  if (typeof real !== "function" || !/^[A-Z]/.test(name)) continue;
  Intl[name] = new Proxy(real, {
    construct(target, args, newTarget) { services.add(name); return Reflect.construct(target, args, newTarget); },
    apply(target, self, args) { services.add(name); return Reflect.apply(target, self, args); },
  });
}
const note = (url) => { const match = /node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//.exec(url); if (match) seen.add(match[1]); };
registerHooks({
  resolve(specifier, context, next) { const result = next(specifier, context); note(result.url); return result; },
  load(url, context, next) { note(url); return next(url, context); },
});
process.on("exit", () => writeFileSync(process.env.LOADED_PACKAGES_FILE, JSON.stringify({ packages: [...seen], intl: [...services] })));
`)}`;

/**
 * Packages of features a server may never use, or uses now and then: AI providers, mail, OPML,
 * article extraction, translation, Redis, images and share cards, push, regular expressions of
 * actions. Each costs megabytes
 * resident for good once loaded, so each loads when first needed (issue 29: idle memory).
 */
const ON_DEMAND = [
  // Only to move the database of an earlier Tidings (PGlite) into PostgreSQL, once.
  "@electric-sql/pglite",
  "openai",
  "undici",
  "linkedom",
  "@mozilla/readability",
  "franc-min",
  "nodemailer",
  "smtp-server",
  "mailparser",
  "feedsmith",
  "@redis/client",
  "sharp",
  "satori",
  "@resvg/resvg-js",
  "web-push",
  "re2js",
];

// The server as `npm start` runs it: on its embedded PostgreSQL (PGlite loads only to move an old database).
describe("the server, started and idle", () => {
  let dataDir: string;
  let child: ChildProcess;
  let loaded: string[];
  let intl: string[];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "tidings-lazy-"));
    const port = await freePort();
    const file = path.join(dataDir, "loaded.json");
    child = spawn(process.execPath, ["--import", RECORDER, MAIN], {
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, AUTH_SECRET: "test-secret-".padEnd(40, "x"), LOG_LEVEL: "warn", WEB_URL: TEST_ORIGIN, LOADED_PACKAGES_FILE: file },
      stdio: ["ignore", "inherit", "inherit"],
    });
    const deadline = Date.now() + 80_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      if (Date.now() > deadline) throw new Error("the server did not start");
      if (await fetch(`http://127.0.0.1:${port}/readyz`).then((response) => response.ok, () => false)) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // What a first visit asks for: the app, the session.
    for (const pathname of ["/", "/api/better-auth/get-session"]) await (await fetch(`http://127.0.0.1:${port}${pathname}`, { headers: { origin: TEST_ORIGIN } })).arrayBuffer();
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
    ({ packages: loaded, intl } = JSON.parse(await readFile(file, "utf8")) as { packages: string[]; intl: string[] });
  }, 90_000);
  afterAll(async () => {
    if (child.exitCode === null) child.kill("SIGKILL");
    await rm(dataDir, { recursive: true, force: true });
  });

  it("has loaded what it serves with (the check sees packages)", () => {
    expect(loaded).toEqual(expect.arrayContaining(["hono", "better-auth", "drizzle-orm", "pg"]));
  });

  it("has not loaded the packages of features nobody used yet", () => {
    expect(loaded.filter((name) => ON_DEMAND.includes(name))).toEqual([]);
  });

  // ICU's data lies in Node's binary: the pages a service reads stay resident (~5 MB for the
  // language names of Intl.DisplayNames, ~5 MB for date and number formats).
  it("has made no Intl service (date and number formats, language names, collators)", () => {
    expect(intl).toEqual([]);
  });
});
