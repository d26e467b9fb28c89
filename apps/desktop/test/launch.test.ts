import { describe, expect, it } from "vitest";
import { launch } from "../src/electron/launch.ts";
import { createFakeElectron } from "./fake-electron.ts";
import { dataUrlHtml, tempDir } from "./helpers.ts";

const options = { preloadPath: "/p.cjs", serverEntry: "/s.js", platform: "linux" as const };

describe("launch", () => {
  it("quits a second instance before it makes anything", async () => {
    const fake = createFakeElectron({ userData: await tempDir() });
    fake.electron.app.hasLock = false;
    expect(await launch(fake.electron, { ...options, argv: ["tidings", "tidings://discover"] })).toBeNull();
    expect(fake.electron.app.quits).toBe(1);
    expect(fake.windows).toHaveLength(0);
    expect(fake.electron.app.protocols).toEqual([]);
  });

  it("starts the shell in one window, at the first-run page when no server is chosen", async () => {
    const fake = createFakeElectron({ userData: await tempDir() });
    const shell = await launch(fake.electron, { ...options, argv: ["tidings"] });
    expect(shell?.serverUrl()).toBeNull();
    expect(fake.windows).toHaveLength(1);
    expect(dataUrlHtml(fake.mainWindow().loaded.at(-1))).toContain("Welcome to Tidings");
    expect(fake.electron.app.protocols).toEqual(["tidings"]);
    expect(fake.applicationMenu()).not.toBeNull();
    await shell?.stop();
  });
});
