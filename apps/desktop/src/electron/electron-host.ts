import { existsSync } from "node:fs";
import type { Appearance, DesktopEventName, DesktopEvents, DesktopResult, WindowMode } from "@tidings/contracts";
import { deepLinkOf } from "../shell/deep-link.ts";
import type { DesktopHost, HostEvents, MenuSpec, WindowState } from "../shell/host.ts";
import { setLinuxAutostart } from "./autostart-linux.ts";
import type { ElectronMain, ElectronTray, ElectronWindow, InvokeEvent } from "./electron-api.ts";
import { APP_ORANGE, BADGE_RED, dotBitmap } from "./icons.ts";
import { menuBar, menuItem } from "./menu-template.ts";
import { createNodeIo } from "./node-io.ts";
import { DEFAULT_SIZE, restorableBounds } from "./window-bounds.ts";

/** The bridge's two channels: the page's calls, and what the shell tells the page. */
export const CALL_CHANNEL = "tidings:call";
export const EVENT_CHANNEL = "tidings:event";

export interface ElectronHostOptions {
  /** The built preload (dist/preload.cjs). */
  preloadPath: string;
  /** The embedded server's entry script, run by `startServer`. */
  serverEntry: string;
  /** The app icon for the tray; a drawn dot when missing. */
  iconPath?: string;
  platform?: NodeJS.Platform;
  /** This program, as the OS should start it at login (Linux autostart). */
  launchCommand?: string[];
  env?: NodeJS.ProcessEnv;
  stopTimeoutMs?: number;
}

const WINDOW_EVENTS = ["move", "resize", "maximize", "unmaximize", "minimize", "restore"] as const;

/**
 * The desktop host on Electron: one window with the bridge's preload, the OS's badge, tray,
 * menu, notifications and deep links, and plain Node for files and the local server. A thin
 * adapter: every decision is the shell's (shell/shell.ts).
 */
export function createElectronHost(electron: ElectronMain, options: ElectronHostOptions): DesktopHost {
  const { app } = electron;
  const platform = options.platform ?? process.platform;
  const env = options.env ?? process.env;
  const listeners: Partial<HostEvents> = {};
  const io = createNodeIo({ execPath: process.execPath, entry: options.serverEntry, ...(options.stopTimeoutMs ? { stopTimeoutMs: options.stopTimeoutMs } : {}) });
  let win: ElectronWindow | null = null;
  let tray: ElectronTray | null = null;
  let badge = 0;
  let quitting = false;
  // Links that arrive before the shell listens (macOS' open-url at launch) wait for it.
  let waitingLinks: string[] = [];

  const window = () => (win && !win.isDestroyed() ? win : null);
  const image = (rgb: readonly [number, number, number], size: number) => electron.nativeImage.createFromBitmap(dotBitmap(size, rgb), { width: size, height: size });

  function deliverLink(url: string): void {
    if (listeners.deepLink) listeners.deepLink(url);
    else waitingLinks.push(url);
  }

  async function focus(): Promise<void> {
    const current = window();
    if (!current) return;
    if (current.isMinimized()) current.restore();
    current.show();
    current.focus();
  }

  function applyOverlay(): void {
    // Windows has no badge count: a red dot over the taskbar button says there is something unread.
    window()?.setOverlayIcon(badge > 0 ? image(BADGE_RED, 16) : null, badge > 0 ? `${badge} unread` : "");
  }

  function notifyQuit(): void {
    if (quitting) return;
    quitting = true;
    listeners.quit?.();
  }

  /** Who calls: the origin of the window's top frame; the shell's own data: page has none. */
  async function onCall(event: InvokeEvent, name: unknown, input: unknown): Promise<DesktopResult<unknown>> {
    const frame = event.senderFrame;
    const current = window();
    // Only the main window's top frame has the bridge; anything else is refused here.
    if (!current || event.sender !== current.webContents || !frame || frame.parent || typeof name !== "string" || !listeners.call) {
      return { ok: false, code: "UNSUPPORTED", message: "Calls are open to the app's window only" };
    }
    const ownPage = frame.url.startsWith("data:") || frame.url.startsWith("file:");
    return (await listeners.call(name, input, { origin: ownPage ? null : frame.origin })) as DesktopResult<unknown>;
  }

  app.setAsDefaultProtocolClient("tidings");
  app.on("second-instance", (_event, argv) => {
    const link = deepLinkOf(argv);
    if (link) deliverLink(link);
    void focus();
  });
  app.on("open-url", (event, url) => {
    event.preventDefault();
    deliverLink(url);
  });
  app.on("before-quit", notifyQuit);
  app.on("window-all-closed", () => {
    // macOS keeps an app running with no window (the window only hides there, below).
    if (platform === "darwin") return;
    notifyQuit();
    app.quit();
  });
  app.on("activate", () => void focus());
  electron.ipcMain.handle(CALL_CHANNEL, (event, name, input) => onCall(event, name, input));

  return {
    kind: "electron",
    platform,
    dataDir: app.getPath("userData"),
    // An installer carries no server; `npm run desktop` runs the checkout's.
    canStartServer: existsSync(options.serverEntry),
    version: app.getVersion(),

    on(event, listener) {
      listeners[event] = listener;
      if (event === "deepLink") {
        const links = waitingLinks;
        waitingLinks = [];
        for (const link of links) deliverLink(link);
      }
    },

    async openWindow(url: string, state: WindowState) {
      if (window()) return;
      const bounds = restorableBounds(
        state.bounds,
        electron.screen.getAllDisplays().map((display) => display.workArea),
      );
      const created = new electron.BrowserWindow({
        ...(bounds ?? { ...DEFAULT_SIZE, center: true }),
        minWidth: 400,
        minHeight: 300,
        show: false,
        title: "Tidings",
        webPreferences: {
          preload: options.preloadPath,
          contextIsolation: true,
          sandbox: true,
          nodeIntegration: false,
          // The page keeps refreshing the unread count and notifying while the window is hidden.
          backgroundThrottling: false,
          additionalArguments: [`--tidings-version=${app.getVersion()}`],
        },
      });
      win = created;
      for (const name of WINDOW_EVENTS) created.on(name, () => listeners.windowChanged?.());
      created.on("close", (event) => {
        // On macOS closing the window hides it: the app, its badge and its notifications live on.
        if (platform === "darwin" && !quitting) {
          event.preventDefault();
          created.hide();
        }
      });
      created.webContents.setWindowOpenHandler(({ url: target }) => {
        listeners.windowOpen?.(target);
        return { action: "deny" };
      });
      created.webContents.on("will-navigate", (event) => {
        if (listeners.willNavigate && !listeners.willNavigate(event.url)) event.preventDefault();
      });
      if (state.mode === "maximized") created.maximize();
      created.show();
      if (platform === "win32") applyOverlay();
      await loadInto(created, url);
    },

    async load(url) {
      const current = window();
      if (current) await loadInto(current, url);
    },
    async loadHtml(html) {
      const current = window();
      if (current) await loadInto(current, `data:text/html;base64,${Buffer.from(html).toString("base64")}`);
    },

    async windowState() {
      const current = window();
      if (!current) return { mode: "normal", bounds: null };
      const mode: WindowMode = current.isMinimized() ? "minimized" : current.isMaximized() ? "maximized" : "normal";
      return { mode, bounds: current.getNormalBounds() };
    },
    async setWindowMode(mode) {
      const current = window();
      if (!current) return;
      if (mode === "maximized") current.maximize();
      else if (mode === "minimized") current.minimize();
      else if (current.isMinimized()) current.restore();
      else if (current.isMaximized()) current.unmaximize();
    },
    focus,
    async send<K extends DesktopEventName>(event: K, payload: DesktopEvents[K]) {
      window()?.webContents.send(EVENT_CHANNEL, event, payload);
    },

    async setBadge(count) {
      badge = count;
      if (platform === "win32") applyOverlay();
      else app.setBadgeCount(count);
    },
    async setTray(spec) {
      if (!spec) {
        tray?.destroy();
        tray = null;
        return;
      }
      if (!tray) {
        const icon = options.iconPath ? electron.nativeImage.createFromPath(options.iconPath) : null;
        tray = new electron.Tray(icon && !icon.isEmpty() ? icon.resize({ width: 16, height: 16 }) : image(APP_ORANGE, 16));
        tray.on("click", () => void focus());
      }
      tray.setToolTip(spec.tooltip);
      tray.setContextMenu(electron.Menu.buildFromTemplate(spec.items.map((item) => menuItem(item, (id) => listeners.menu?.(id)))));
    },
    async setMenu(menus: MenuSpec[]) {
      const menu = electron.Menu.buildFromTemplate(menuBar(menus, (id) => listeners.menu?.(id)));
      electron.Menu.setApplicationMenu(menu as never);
    },
    async notify(notification, onClick) {
      if (!electron.Notification.isSupported()) return;
      const shown = new electron.Notification({ title: notification.title, body: notification.body });
      shown.on("click", onClick);
      shown.show();
    },
    async openBrowserWindow(url) {
      // A page of the web, not the app's: no preload (no bridge), sandboxed; its own new windows leave for the browser.
      const browser = new electron.BrowserWindow({
        ...DEFAULT_SIZE,
        webPreferences: { contextIsolation: true, sandbox: true, nodeIntegration: false },
      });
      browser.webContents.setWindowOpenHandler(({ url: target }) => {
        if (/^(https?|mailto):/i.test(target)) void electron.shell.openExternal(target);
        return { action: "deny" };
      });
      await loadInto(browser, url);
    },
    async openExternal(url) {
      await electron.shell.openExternal(url);
    },
    async setLaunchAtLogin(enabled) {
      // Electron's login items exist on macOS and Windows only.
      if (platform === "linux") await setLinuxAutostart(enabled, options.launchCommand ?? [env.APPIMAGE ?? process.execPath], env);
      else app.setLoginItemSettings({ openAtLogin: enabled });
    },
    async setThemeSource(appearance: Appearance) {
      electron.nativeTheme.themeSource = appearance;
    },
    async clearSession(origin) {
      await electron.session.defaultSession.clearStorageData({ origin, storages: ["cookies", "localstorage", "indexdb", "serviceworkers", "cachestorage"] });
    },

    ...io,
    async quit() {
      app.quit();
    },
  };
}

/**
 * Loads a page. A failed load (the server went away, a newer load replaced it) shows as an empty
 * or error page; it is not an error of the shell's call, so it is reported and not thrown.
 */
async function loadInto(target: ElectronWindow, url: string): Promise<void> {
  try {
    await target.loadURL(url);
  } catch (error) {
    console.warn(`Tidings: could not load ${url.startsWith("data:") ? "the first-run page" : url}: ${(error as Error).message}`);
  }
}
