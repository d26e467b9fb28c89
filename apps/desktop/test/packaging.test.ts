// The packaging's files: the builder's configuration (electron-builder itself is not run here:
// it downloads Electron), and the bundles build.ts makes.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import yaml from "js-yaml";
import { describe, expect, it } from "vitest";

const dir = path.resolve(import.meta.dirname, "..");

describe("electron-builder.yml", () => {
  it("names the app, its scheme and a target per system", async () => {
    const config = yaml.load(await readFile(path.join(dir, "electron-builder.yml"), "utf8")) as Record<string, unknown>;
    expect(config).toMatchObject({
      appId: "org.tidings.desktop",
      productName: "Tidings",
      directories: { output: "release" },
      files: ["dist/**", "package.json"],
      protocols: [{ name: "Tidings", schemes: ["tidings"] }],
      linux: { target: ["AppImage", "deb"], category: "Network;News", maintainer: expect.stringMatching(/\S/) },
      mac: { target: "dmg", category: "public.app-category.news" },
      win: { target: "nsis" },
    });
    for (const system of ["linux", "mac", "win"]) expect((config[system] as { icon: string }).icon).toBe("../web/public/icons/icon-512.png");
    expect(config).not.toHaveProperty("extraResources");
    // The package's entry is what the build writes.
    const pkg = JSON.parse(await readFile(path.join(dir, "package.json"), "utf8")) as { main: string };
    expect(pkg.main).toBe("dist/main.cjs");
  });
});

describe("build.ts", () => {
  it("bundles the main process and the preload; only electron is left to require in the preload", async () => {
    execFileSync(process.execPath, [path.join(dir, "build.ts")], { stdio: "pipe" });
    const preload = await readFile(path.join(dir, "dist/preload.cjs"), "utf8");
    const main = await readFile(path.join(dir, "dist/main.cjs"), "utf8");
    expect([...preload.matchAll(/require\("([^"]+)"\)/g)].map((match) => match[1])).toEqual(["electron"]);
    expect(preload).toContain('exposeInMainWorld("tidings"');
    const required = new Set([...main.matchAll(/require\("([^"]+)"\)/g)].map((match) => match[1]));
    expect([...required].filter((name) => !name!.startsWith("node:"))).toEqual(["electron"]);
    expect(main).toContain("tidings:call");
    expect(existsSync(path.join(dir, "dist/main.cjs.map"))).toBe(true);
  }, 30_000);
});
