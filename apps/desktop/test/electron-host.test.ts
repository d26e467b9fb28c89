import type { HostEvents } from "../src/shell/host.ts";
import { describe, expect, it, vi } from "vitest";
import { CALL_CHANNEL, EVENT_CHANNEL } from "../src/electron/electron-host.ts";
import { dataUrlHtml, fakeHost } from "./helpers.ts";
import { click, findItem } from "./fake-electron.ts";

const NORMAL = { mode: "normal", bounds: null } as const;

describe("the Electron host's window", () => {
  it("opens one sandboxed window with the preload, at its saved place", async () => {
    const { fake, host } = await fakeHost();
    await host.openWindow("about:blank", { mode: "normal", bounds: { x: 100, y: 50, width: 900, height: 700 } });
    await host.openWindow("about:blank", NORMAL);
    expect(fake.windows).toHaveLength(1);
    const { options } = fake.mainWindow();
    expect(options).toMatchObject({ x: 100, y: 50, width: 900, height: 700 });
    expect(options.webPreferences).toMatchObject({
      preload: "/app/dist/preload.cjs",
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      backgroundThrottling: false,
      additionalArguments: ["--tidings-version=0.5.0"],
    });
    expect(fake.mainWindow().visible).toBe(true);
    expect(fake.mainWindow().loaded).toEqual(["about:blank"]);
  });

  it("opens centred at 1200x800 when the saved place is off every screen, maximised when it was", async () => {
    const { fake, host } = await fakeHost({ displays: [{ x: 0, y: 0, width: 1440, height: 900 }] });
    await host.openWindow("about:blank", { mode: "maximized", bounds: { x: 3000, y: 200, width: 900, height: 700 } });
    expect(fake.mainWindow().options).toMatchObject({ width: 1200, height: 800, center: true });
    expect(fake.mainWindow().options.x).toBeUndefined();
    expect(fake.mainWindow().maximized).toBe(true);
  });

  it("reports moves and mode changes, and reads and sets the mode", async () => {
    const { fake, host } = await fakeHost();
    const changed = vi.fn();
    host.on("windowChanged", changed);
    await host.openWindow("about:blank", NORMAL);
    const win = fake.mainWindow();
    for (const event of ["move", "resize"]) win.emit(event);
    await host.setWindowMode("maximized");
    expect(await host.windowState()).toEqual({ mode: "maximized", bounds: win.bounds });
    await host.setWindowMode("normal");
    await host.setWindowMode("minimized");
    expect((await host.windowState()).mode).toBe("minimized");
    await host.setWindowMode("normal");
    expect(await host.windowState()).toEqual({ mode: "normal", bounds: win.bounds });
    // move, resize, maximize, unmaximize, minimize, restore
    expect(changed).toHaveBeenCalledTimes(6);
  });

  it("denies new windows to the page and hands their address to the shell", async () => {
    const { fake, host } = await fakeHost();
    const windowOpen = vi.fn();
    host.on("windowOpen", windowOpen);
    await host.openWindow("about:blank", NORMAL);
    expect(fake.mainWindow().webContents.windowOpen("https://example.com/")).toEqual({ action: "deny" });
    expect(windowOpen).toHaveBeenCalledWith("https://example.com/");
  });

  it("keeps the page where it is when the shell answers false to a navigation", async () => {
    const { fake, host } = await fakeHost();
    host.on("willNavigate", (url) => url.startsWith("https://app.example/"));
    await host.openWindow("about:blank", NORMAL);
    expect(fake.mainWindow().webContents.navigate("https://elsewhere.example/")).toBe(true);
    expect(fake.mainWindow().webContents.navigate("https://app.example/x")).toBe(false);
  });

  it("shows its own page as a data: address, and sends events on the bridge's channel", async () => {
    const { fake, host } = await fakeHost();
    await host.openWindow("about:blank", NORMAL);
    await host.loadHtml("<p>Hello, 世界</p>");
    expect(dataUrlHtml(fake.mainWindow().loaded.at(-1))).toBe("<p>Hello, 世界</p>");
    await host.send("navigate", { path: "/feeds" });
    expect(fake.mainWindow().webContents.sent).toEqual([[EVENT_CHANNEL, "navigate", { path: "/feeds" }]]);
  });

  it("hides the window on macOS when closed, and quits elsewhere when the last window closes", async () => {
    const mac = await fakeHost({ platform: "darwin" });
    const macQuit = vi.fn();
    mac.host.on("quit", macQuit);
    await mac.host.openWindow("about:blank", NORMAL);
    expect(mac.fake.mainWindow().close()).toBe(true);
    expect(mac.fake.mainWindow().visible).toBe(false);
    mac.fake.electron.app.emit("window-all-closed");
    expect(mac.fake.electron.app.quits).toBe(0);
    mac.fake.electron.app.emit("activate");
    expect(mac.fake.mainWindow().visible).toBe(true);

    const linux = await fakeHost();
    const quit = vi.fn();
    linux.host.on("quit", quit);
    await linux.host.openWindow("about:blank", NORMAL);
    expect(linux.fake.mainWindow().close()).toBe(false);
    linux.fake.electron.app.emit("window-all-closed");
    linux.fake.electron.app.emit("before-quit");
    expect(quit).toHaveBeenCalledTimes(1);
    expect(linux.fake.electron.app.quits).toBe(1);
    expect(macQuit).not.toHaveBeenCalled();
  });
});

describe("the Electron host's calls", () => {
  it("passes the top frame's origin, null for its own data: page, and refuses anything else", async () => {
    const { fake, host } = await fakeHost();
    const call = vi.fn<HostEvents["call"]>(async () => ({ ok: true, value: 1 }));
    host.on("call", call);
    await host.openWindow("https://app.example/feeds", NORMAL);
    const win = fake.mainWindow();
    expect(await win.call("window.getMode")).toEqual({ ok: true, value: 1 });
    expect(call).toHaveBeenLastCalledWith("window.getMode", undefined, { origin: "https://app.example" });
    await win.call("app.connect", { local: true }, { url: "data:text/html;base64,PHA+" });
    expect(call).toHaveBeenLastCalledWith("app.connect", { local: true }, { origin: null });
    expect(await win.call("window.getMode", undefined, { parent: {} })).toMatchObject({ ok: false, code: "UNSUPPORTED" });
    const other = new fake.electron.BrowserWindow({});
    other.loaded.push("https://app.example/");
    expect(await other.call("window.getMode")).toMatchObject({ ok: false, code: "UNSUPPORTED" });
    expect(call).toHaveBeenCalledTimes(2);
    expect(CALL_CHANNEL).toBe("tidings:call");
  });
});

describe("the Electron host's OS parts", () => {
  it("sets the badge count on Linux and macOS, an overlay dot on Windows", async () => {
    const linux = await fakeHost();
    await linux.host.setBadge(12);
    expect(linux.fake.electron.app.badgeCount).toBe(12);

    const windows = await fakeHost({ platform: "win32" });
    await windows.host.setBadge(3);
    await windows.host.openWindow("about:blank", NORMAL);
    expect(windows.fake.mainWindow().overlay).toMatchObject({ description: "3 unread" });
    await windows.host.setBadge(0);
    expect(windows.fake.mainWindow().overlay).toBeNull();
    expect(windows.fake.electron.app.badgeCount).toBe(0);
  });

  it("keeps one tray with its tooltip and menu; a click on it shows the window; null removes it", async () => {
    const { fake, host } = await fakeHost({ iconPath: "/app/dist/icon.png" });
    const menu = vi.fn();
    host.on("menu", menu);
    await host.openWindow("about:blank", NORMAL);
    await host.setTray({ tooltip: "Tidings: 3 unread", items: [{ id: "show", label: "Show" }, "separator", { id: "quit", label: "Quit" }] });
    await host.setTray({ tooltip: "Tidings: 4 unread", items: [{ id: "show", label: "Show" }] });
    expect(fake.trays).toHaveLength(1);
    const tray = fake.trays[0]!;
    expect(tray.toolTip).toBe("Tidings: 4 unread");
    expect((tray.image as unknown as { source: string }).source).toBe("file:/app/dist/icon.png@16");
    click(findItem(tray.menu!.template, "show"));
    expect(menu).toHaveBeenCalledWith("show");
    fake.mainWindow().minimize();
    tray.emit("click");
    expect(fake.mainWindow().minimized).toBe(false);
    await host.setTray(null);
    expect(tray.destroyed).toBe(true);
  });

  it("builds the menu bar: the page's keys shown but left to the page, the shell's registered, checkboxes, an Edit menu", async () => {
    const { fake, host } = await fakeHost();
    const menu = vi.fn();
    host.on("menu", menu);
    await host.setMenu([
      { label: "File", items: [{ id: "quit", label: "Quit", accelerator: "CmdOrCtrl+Q" }, "separator"] },
      { label: "Go", items: [{ id: "command:timeline.next", label: "Next", accelerator: "J" }, { id: "command:global.search", label: "Search", accelerator: "CmdOrCtrl+K" }] },
      { label: "View", items: [{ id: "appearance:dark", label: "Dark", checked: true }] },
    ]);
    const template = fake.applicationMenu()!.template;
    expect(template.map((item) => item.label)).toEqual(["File", "Edit", "Go", "View"]);
    expect(findItem(template, "quit")).toMatchObject({ accelerator: "CmdOrCtrl+Q", registerAccelerator: true });
    expect(findItem(template, "command:timeline.next")).toMatchObject({ accelerator: "J", registerAccelerator: false });
    expect(findItem(template, "command:global.search")).toMatchObject({ accelerator: "CmdOrCtrl+K", registerAccelerator: false });
    expect(findItem(template, "appearance:dark")).toMatchObject({ type: "checkbox", checked: true });
    expect(findItem(template, "quit")?.type).toBeUndefined();
    expect((template[0]!.submenu as { type?: string }[])[1]).toEqual({ type: "separator" });
    click(findItem(template, "command:timeline.next"));
    expect(menu).toHaveBeenCalledWith("command:timeline.next");
  });

  it("notifies only where notifications are supported, and reports the click", async () => {
    const { fake, host } = await fakeHost();
    const onClick = vi.fn();
    await host.notify({ title: "New", body: "3 entries" }, onClick);
    const [shown] = fake.notifications;
    expect(shown).toMatchObject({ shown: true, options: { title: "New", body: "3 entries" } });
    shown!.emit("click");
    expect(onClick).toHaveBeenCalledOnce();

    const unsupported = await fakeHost({ notifications: false });
    await unsupported.host.notify({ title: "New", body: "" }, onClick);
    expect(unsupported.fake.notifications).toHaveLength(0);
  });

  it("opens a browser window without the bridge, whose own new windows go to the system browser", async () => {
    const { fake, host } = await fakeHost();
    await host.openBrowserWindow("https://example.com/article");
    const [browser] = fake.windows;
    expect(browser!.options.webPreferences).toMatchObject({ sandbox: true, contextIsolation: true, nodeIntegration: false });
    expect(browser!.options.webPreferences?.preload).toBeUndefined();
    expect(browser!.loaded).toEqual(["https://example.com/article"]);
    expect(browser!.webContents.windowOpen("https://example.com/next")).toEqual({ action: "deny" });
    expect(browser!.webContents.windowOpen("file:///etc/passwd")).toEqual({ action: "deny" });
    expect(fake.opened).toEqual(["https://example.com/next"]);
  });

  it("sets the theme, clears a site's storage, uses login items off Linux", async () => {
    const { fake, host } = await fakeHost({ platform: "darwin" });
    await host.setThemeSource("dark");
    expect(fake.electron.nativeTheme.themeSource).toBe("dark");
    await host.clearSession("https://app.example");
    expect(fake.cleared).toEqual([{ origin: "https://app.example", storages: ["cookies", "localstorage", "indexdb", "serviceworkers", "cachestorage"] }]);
    await host.setLaunchAtLogin(true);
    expect(fake.electron.app.loginItems).toEqual([{ openAtLogin: true }]);
    await host.openExternal("mailto:a@example.com");
    expect(fake.opened).toEqual(["mailto:a@example.com"]);
    expect([host.kind, host.version]).toEqual(["electron", "0.5.0"]);
  });
});

describe("the Electron host's deep links", () => {
  it("registers the scheme, holds links until the shell listens, and focuses on a second launch", async () => {
    const { fake, host } = await fakeHost();
    expect(fake.electron.app.protocols).toEqual(["tidings"]);
    let prevented = false;
    fake.electron.app.emit("open-url", { preventDefault: () => (prevented = true) }, "tidings://add?url=x");
    const deepLink = vi.fn();
    host.on("deepLink", deepLink);
    expect(deepLink).toHaveBeenCalledWith("tidings://add?url=x");
    expect(prevented).toBe(true);
    await host.openWindow("about:blank", NORMAL);
    fake.mainWindow().minimize();
    fake.electron.app.emit("second-instance", {}, ["/opt/tidings", "--flag", "tidings://discover"]);
    expect(deepLink).toHaveBeenLastCalledWith("tidings://discover");
    expect(fake.mainWindow().minimized).toBe(false);
    fake.electron.app.emit("second-instance", {}, ["/opt/tidings"]);
    expect(deepLink).toHaveBeenCalledTimes(2);
  });
});
