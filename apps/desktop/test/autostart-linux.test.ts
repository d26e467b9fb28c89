import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { autostartEntry, autostartFile, setLinuxAutostart } from "../src/electron/autostart-linux.ts";
import { tempDir } from "./helpers.ts";

describe("Linux autostart", () => {
  it("lives in $XDG_CONFIG_HOME/autostart, or ~/.config when it is unset or relative", () => {
    expect(autostartFile({ XDG_CONFIG_HOME: "/x/config" })).toBe("/x/config/autostart/tidings.desktop");
    expect(autostartFile({})).toBe(path.join(os.homedir(), ".config/autostart/tidings.desktop"));
    expect(autostartFile({ XDG_CONFIG_HOME: "relative" })).toBe(path.join(os.homedir(), ".config/autostart/tidings.desktop"));
  });

  it("quotes the program when the Exec line needs it", () => {
    expect(autostartEntry(["/opt/Tidings/tidings"])).toContain("\nExec=/opt/Tidings/tidings\n");
    expect(autostartEntry(["/home/a b/Tidings.AppImage", '--x="$1"'])).toContain('\nExec="/home/a b/Tidings.AppImage" "--x=\\"\\$1\\""\n');
    expect(autostartEntry(["/t"])).toMatch(/^\[Desktop Entry\]\nType=Application\nName=Tidings\n/);
  });

  it("writes the entry when on, removes it when off (and off twice is fine)", async () => {
    const env = { XDG_CONFIG_HOME: await tempDir() };
    const file = path.join(env.XDG_CONFIG_HOME, "autostart", "tidings.desktop");
    await setLinuxAutostart(true, ["/opt/Tidings/tidings"], env);
    expect(await readFile(file, "utf8")).toContain("Exec=/opt/Tidings/tidings");
    await setLinuxAutostart(false, ["/opt/Tidings/tidings"], env);
    expect(existsSync(file)).toBe(false);
    await setLinuxAutostart(false, ["/opt/Tidings/tidings"], env);
  });
});
