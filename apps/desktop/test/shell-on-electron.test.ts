// The whole shell (shell/shell.ts) on the Electron host over a fake Electron: what a reader and
// a page would do, seen as the calls Electron receives.
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { createShell } from "../src/shell/shell.ts";
import { click, findItem } from "./fake-electron.ts";
import { dataUrlHtml, fakeHost, healthServer, tempDir } from "./helpers.ts";

/** A shell started on a fake Electron and connected, from its first-run page, to a local look-alike server. */
async function connected() {
  const setup = await fakeHost();
  const shell = createShell(setup.host);
  await shell.start(null);
  const server = await healthServer();
  const win = setup.fake.mainWindow();
  expect(await win.call("app.connect", { url: server })).toEqual({ ok: true, value: null });
  return { ...setup, shell, server, win };
}

const settingsOf = async (userData: string) => JSON.parse(await readFile(path.join(userData, "settings.json"), "utf8"));

describe("the shell on Electron", () => {
  it("shows the first-run page, then the server the page connects to, and remembers it", async () => {
    const setup = await fakeHost();
    await createShell(setup.host).start(null);
    const win = setup.fake.mainWindow();
    expect(dataUrlHtml(win.loaded.at(-1))).toContain("Welcome to Tidings");
    const server = await healthServer();
    expect(await win.call("app.connect", { url: server })).toEqual({ ok: true, value: null });
    expect(win.loaded.at(-1)).toBe(server);
    expect((await settingsOf(setup.userData)).server).toEqual({ kind: "remote", url: server });
  });

  it("offers to run the server here only when this installation carries one", async () => {
    const entry = path.join(await tempDir(), "start.ts");
    await writeFile(entry, "");
    const carried = await fakeHost({ serverEntry: entry });
    await createShell(carried.host).start(null);
    expect(dataUrlHtml(carried.fake.mainWindow().loaded.at(-1))).toContain("Run Tidings on this computer");
    const installed = await fakeHost({ serverEntry: "/nowhere/start.ts" });
    await createShell(installed.host).start(null);
    const win = installed.fake.mainWindow();
    expect(dataUrlHtml(win.loaded.at(-1))).not.toContain("Run Tidings on this computer");
    expect(await win.call("app.connect", { local: true })).toMatchObject({ ok: false, code: "UNSUPPORTED" });
  });

  it("refuses calls from another origin, and answers INVALID_INPUT to bad input", async () => {
    const { win, server } = await connected();
    expect(await win.call("app.setUnreadCount", { count: 1 }, { url: "https://evil.example/" })).toMatchObject({ ok: false, code: "UNSUPPORTED" });
    expect(await win.call("app.setUnreadCount", { count: -1 }, { url: `${server}/` })).toMatchObject({ ok: false, code: "INVALID_INPUT" });
    // The first-run page may connect, and nothing else; once it is gone, no data: page may connect.
    expect(await win.call("app.setUnreadCount", { count: 1 }, { url: "data:text/html;base64,PHA+" })).toMatchObject({ ok: false, code: "UNSUPPORTED" });
    expect(await win.call("app.connect", { url: "https://evil.example" }, { url: "data:text/html;base64,PHA+" })).toMatchObject({ ok: false, code: "UNSUPPORTED" });
    // Nor may the server's own pages switch the app's server.
    expect(await win.call("app.connect", { url: server }, { url: `${server}/` })).toMatchObject({ ok: false, code: "UNSUPPORTED" });
  });

  it("restores the window's saved state and saves its new place once it settles", async () => {
    const setup = await fakeHost();
    await writeFile(path.join(setup.userData, "settings.json"), JSON.stringify({ window: { mode: "maximized", bounds: { x: 120, y: 80, width: 1000, height: 700 } } }));
    await createShell(setup.host).start(null);
    const win = setup.fake.mainWindow();
    expect(win.options).toMatchObject({ x: 120, y: 80, width: 1000, height: 700 });
    expect(win.maximized).toBe(true);
    win.unmaximize();
    win.bounds = { x: 300, y: 200, width: 900, height: 650 };
    win.emit("move");
    await vi.waitFor(async () => expect((await settingsOf(setup.userData)).window).toEqual({ mode: "normal", bounds: { x: 300, y: 200, width: 900, height: 650 } }), { timeout: 3_000 });
  });

  it("follows the unread count in the badge and the tray, unless the Dock badge is turned off", async () => {
    const { win, fake } = await connected();
    expect(await win.call("app.setUnreadCount", { count: 7 })).toEqual({ ok: true, value: null });
    expect(fake.electron.app.badgeCount).toBe(7);
    expect(fake.trays[0]?.toolTip).toBe("Tidings: 7 unread");
    await win.call("app.setPreferences", { appLaunchOnStartup: false, showDockBadge: false, openLinksInExternalApp: false });
    expect(fake.electron.app.badgeCount).toBe(0);
    expect(fake.trays[0]?.toolTip).toBe("Tidings: 7 unread");
  });

  it("builds the menu with the shortcuts' keys; Appearance: Dark sets the theme and tells the page", async () => {
    const { win, fake } = await connected();
    const template = fake.applicationMenu()!.template;
    expect(findItem(template, "command:timeline.next")).toMatchObject({ accelerator: "J", registerAccelerator: false });
    expect(findItem(template, "quit")).toMatchObject({ accelerator: "CmdOrCtrl+Q", registerAccelerator: true });
    click(findItem(template, "appearance:dark"));
    await vi.waitFor(() => expect(win.webContents.sent).toContainEqual(["tidings:event", "setting.appearanceChanged", "dark"]));
    expect(fake.electron.nativeTheme.themeSource).toBe("dark");
    expect(findItem(fake.applicationMenu()!.template, "appearance:dark")).toMatchObject({ type: "checkbox", checked: true });
  });

  it("sends a page's new windows to a browser window of the app, or to the system browser when asked", async () => {
    const { win, fake } = await connected();
    expect(win.webContents.windowOpen("https://example.com/story")).toEqual({ action: "deny" });
    await vi.waitFor(() => expect(fake.windows[1]?.loaded).toEqual(["https://example.com/story"]));
    expect(fake.windows[1]!.options.webPreferences?.preload).toBeUndefined();
    expect(fake.opened).toEqual([]);
    await win.call("app.setPreferences", { appLaunchOnStartup: false, showDockBadge: true, openLinksInExternalApp: true });
    expect(win.webContents.windowOpen("https://example.com/other")).toEqual({ action: "deny" });
    await vi.waitFor(() => expect(fake.opened).toEqual(["https://example.com/other"]));
    expect(fake.windows).toHaveLength(2);
  });

  it("keeps the window on the server when a page navigates away", async () => {
    const { win, server } = await connected();
    expect(win.webContents.navigate("https://elsewhere.example/")).toBe(true);
    expect(win.webContents.navigate(`${server}/settings`)).toBe(false);
  });

  it("ignores a sign-in link it did not start, and completes the one it did", async () => {
    const { win, fake, server } = await connected();
    const loads = win.loaded.length;
    fake.electron.app.emit("second-instance", {}, ["tidings", "tidings://auth?code=x&state=unknown"]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(win.loaded).toHaveLength(loads);
    expect(await win.call("auth.startSocialSignIn", { provider: "github" })).toEqual({ ok: true, value: null });
    const login = new URL(fake.opened.at(-1)!);
    expect(login.origin + login.pathname).toBe(`${server}/login`);
    const state = new URLSearchParams(login.searchParams.get("redirect")!.split("?")[1]).get("state")!;
    fake.electron.app.emit("second-instance", {}, ["tidings", `tidings://auth?code=x&state=${state}`]);
    await vi.waitFor(() => expect(win.loaded.at(-1)).toBe(`${server}/desktop-auth?code=x`));
  });

  it("writes an Obsidian note into the vault, never over one, never outside it", async () => {
    const { win } = await connected();
    const vault = await tempDir("tidings-vault-");
    const note = { vaultPath: vault, fileName: "Story.md", text: "# Story\n" };
    expect(await win.call("obsidian.writeNote", note)).toEqual({ ok: true, value: { path: path.join(vault, "Story.md") } });
    expect(await readFile(path.join(vault, "Story.md"), "utf8")).toBe("# Story\n");
    expect(await win.call("obsidian.writeNote", { ...note, text: "other" })).toMatchObject({ ok: false, code: "ALREADY_EXISTS" });
    expect(await readFile(path.join(vault, "Story.md"), "utf8")).toBe("# Story\n");
    await mkdir(path.join(vault, "inner"));
    expect(await win.call("obsidian.writeNote", { ...note, vaultPath: path.join(vault, "inner"), fileName: "../x.md" })).toMatchObject({ ok: false, code: "INVALID_INPUT" });
    expect(existsSync(path.join(vault, "x.md"))).toBe(false);
  });

  it("writes and removes the Linux autostart entry when launch at login changes", async () => {
    const { win, configHome } = await connected();
    const entry = path.join(configHome, "autostart", "tidings.desktop");
    await win.call("app.setPreferences", { appLaunchOnStartup: true, showDockBadge: true, openLinksInExternalApp: false });
    expect(await readFile(entry, "utf8")).toContain("Exec=/opt/Tidings/tidings\n");
    await win.call("app.setPreferences", { appLaunchOnStartup: false, showDockBadge: true, openLinksInExternalApp: false });
    expect(existsSync(entry)).toBe(false);
  });
});
