import { existsSync } from "node:fs";
import { spawn } from "node:child_process";
import path from "node:path";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import type { Appearance, DesktopEventName, DesktopEvents } from "@tidings/contracts";
import { setLinuxAutostart } from "../electron/autostart-linux.ts";
import { createNodeIo, type ServerLaunch } from "../electron/node-io.ts";
import type { DesktopHost, HostEvents, MenuSpec, WindowState } from "../shell/host.ts";
import { createCdpWindow } from "./cdp-window.ts";
import { installPageBridge } from "./page-bridge.ts";

export interface ChromiumHostOptions {
  /** The shell's settings and the browser profile live here. */
  dataDir: string;
  version: string;
  executablePath?: string;
  /** Without a display (no DISPLAY), Chromium runs headless: the same window, unseen. */
  headless?: boolean;
  /** How the embedded server is run (node and `scripts/start.ts` of this checkout). */
  server: ServerLaunch;
  /** The system's browser; by default `xdg-open` (`open` on macOS). */
  openExternal?: (url: string) => Promise<void>;
  /** A desktop notification; by default `notify-send`, when the system has it. */
  notify?: (notification: { title: string; body: string }) => Promise<void>;
  /** The command an autostart entry runs (launch at login). */
  launchCommand?: readonly string[];
  env?: NodeJS.ProcessEnv;
}

/** What the host shows where Chromium has no native widget (Dock badge, tray, menu bar): readable by tests and tools. */
export interface ChromiumHostStatus {
  badge: number;
  tray: { tooltip: string; items: MenuSpec["items"] } | null;
  menus: MenuSpec[];
  theme: Appearance;
  launchAtLogin: boolean | null;
}

const run = (command: string, args: string[]) =>
  new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { stdio: "ignore", detached: true });
    child.once("error", reject);
    child.once("spawn", () => {
      child.unref();
      resolve();
    });
  });

const originOf = (url: string): string | null => {
  try {
    const { origin } = new URL(url);
    return origin === "null" ? null : origin;
  } catch {
    return null;
  }
};

/**
 * The desktop host on Debian's Chromium in app mode (`--app=URL`: a window without tabs or
 * address bar), driven over the DevTools protocol with Playwright. It runs the shell where
 * Electron cannot be installed, and is how the shell is tested with the real web client: the
 * bridge is an init script and a binding, window modes are Browser.setWindowBounds, the colour
 * mode is the emulated `prefers-color-scheme`, navigations away are held by Fetch.requestPaused.
 */
export function createChromiumHost(options: ChromiumHostOptions) {
  const env = options.env ?? process.env;
  const io = createNodeIo(options.server);
  const listeners: Partial<HostEvents> = {};
  const status: ChromiumHostStatus = { badge: 0, tray: null, menus: [], theme: "system", launchAtLogin: null };
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  let window: Awaited<ReturnType<typeof createCdpWindow>> | undefined;
  const app = () => {
    if (!page || !window) throw new Error("The window is not open yet");
    return { page, window };
  };

  const host: DesktopHost & {
    status(): ChromiumHostStatus;
    chooseMenu(id: string): void;
    deliverDeepLink(url: string): void;
    page(): Page;
    context(): BrowserContext;
  } = {
    kind: "chromium",
    platform: process.platform,
    dataDir: options.dataDir,
    version: options.version,
    canStartServer: existsSync(options.server.entry),
    on(event, listener) {
      (listeners as Record<string, unknown>)[event] = listener;
    },

    async openWindow(url: string, state: WindowState) {
      if (context) return;
      const size = state.bounds ? [`--window-size=${state.bounds.width},${state.bounds.height}`, `--window-position=${state.bounds.x},${state.bounds.y}`] : ["--window-size=1200,800"];
      context = await chromium.launchPersistentContext(path.join(options.dataDir, "chromium-profile"), {
        executablePath: options.executablePath ?? "/usr/bin/chromium",
        headless: options.headless ?? !env.DISPLAY,
        viewport: null,
        // The window opens empty: the page loads once the bridge is in place.
        args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--app=about:blank", ...size],
        env: Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined)),
      });
      await context.exposeBinding("__tidingsCall", async (source, name: string, input: unknown) => {
        const call = listeners.call;
        return call ? call(name, input, { origin: originOf(source.frame.url()) }) : { ok: false, code: "UNSUPPORTED", message: "The shell is not ready" };
      });
      await context.exposeBinding("__tidingsWindowChanged", () => listeners.windowChanged?.());
      await context.addInitScript(installPageBridge, { platform: process.platform, version: options.version });
      page = context.pages()[0] ?? (await context.newPage());
      window = await createCdpWindow(context, page);
      await window.restore(state);
      page.on("popup", (popup) => void handOff(popup));
      context.on("close", () => listeners.quit?.());
      // Navigations of the window's own page away from the app are held and handed to the shell.
      const { frameTree } = (await window.cdp.send("Page.getFrameTree")) as { frameTree: { frame: { id: string } } };
      const mainFrame = frameTree.frame.id;
      window.cdp.on("Fetch.requestPaused", (event: { requestId: string; frameId: string; request: { url: string } }) => {
        const allowed = event.frameId !== mainFrame || (listeners.willNavigate?.(event.request.url) ?? true);
        void (allowed ? window!.cdp.send("Fetch.continueRequest", { requestId: event.requestId }) : window!.cdp.send("Fetch.failRequest", { requestId: event.requestId, errorReason: "Aborted" })).catch(() => undefined);
      });
      await window.cdp.send("Fetch.enable", { patterns: [{ urlPattern: "*", resourceType: "Document", requestStage: "Request" }] });
      if (url !== "about:blank") await page.goto(url);
    },

    async load(url) {
      await app().page.goto(url);
    },
    async loadHtml(html) {
      await app().page.goto(`data:text/html;base64,${Buffer.from(html).toString("base64")}`);
    },
    windowState: () => app().window.state(),
    setWindowMode: (mode) => app().window.setMode(mode),
    async focus() {
      const { page: current, window: current_window } = app();
      if ((await current_window.state()).mode === "minimized") await current_window.setMode("normal");
      await current.bringToFront();
    },
    async send<K extends DesktopEventName>(event: K, payload: DesktopEvents[K]) {
      await app()
        .page.evaluate(([name, value]) => (window as unknown as { __tidingsEmit?: (n: string, v: unknown) => void }).__tidingsEmit?.(name, value), [event, payload] as const)
        .catch(() => undefined);
    },

    async setBadge(count) {
      status.badge = count;
      // The Dock tile where the platform has one (macOS); elsewhere the status is what shows it.
      await window?.cdp.send("Browser.setDockTile", count > 0 ? { badgeLabel: String(count) } : {}).catch(() => undefined);
    },
    async setTray(tray) {
      status.tray = tray;
    },
    async setMenu(menus) {
      status.menus = menus;
    },
    async notify(notification, onClick) {
      if (options.notify) await options.notify(notification);
      else await run("notify-send", ["--app-name=Tidings", notification.title, notification.body]).catch(() => undefined);
      void onClick;
    },
    async openExternal(url) {
      if (options.openExternal) return options.openExternal(url);
      await run(process.platform === "darwin" ? "open" : "xdg-open", [url]);
    },
    async openBrowserWindow(url) {
      const browserPage = await context!.newPage();
      browserPage.on("popup", (popup) => void popup.close().then(() => host.openExternal(popup.url())));
      await browserPage.goto(url).catch(() => undefined);
    },
    async setLaunchAtLogin(enabled) {
      status.launchAtLogin = enabled;
      await setLinuxAutostart(enabled, options.launchCommand ?? [process.execPath, ...process.argv.slice(1)], env);
    },
    async setThemeSource(appearance) {
      status.theme = appearance;
      if (page) await page.emulateMedia({ colorScheme: appearance === "system" ? null : appearance });
    },
    async clearSession(origin) {
      const { window: current } = app();
      await context!.clearCookies({ domain: new URL(origin).hostname });
      await current.cdp.send("Storage.clearDataForOrigin", { origin, storageTypes: "all" }).catch(() => undefined);
    },
    readFile: io.readFile,
    writeFile: io.writeFile,
    createFile: io.createFile,
    isDirectory: io.isDirectory,
    request: io.request,
    startServer: io.startServer,
    async quit() {
      const current = context;
      context = undefined;
      await current?.close();
    },

    status: () => structuredClone(status),
    chooseMenu: (id) => listeners.menu?.(id),
    deliverDeepLink: (url) => listeners.deepLink?.(url),
    page: () => app().page,
    context: () => {
      if (!context) throw new Error("The window is not open yet");
      return context;
    },
  };

  /** A window the page opened (target=_blank, window.open): closed, and its address handed to the shell. */
  async function handOff(popup: Page): Promise<void> {
    let url = popup.url();
    if (url === "about:blank" || url === "") {
      await popup.waitForURL((next) => next.href !== "about:blank", { timeout: 5_000, waitUntil: "commit" }).catch(() => undefined);
      url = popup.url();
    }
    await popup.close().catch(() => undefined);
    if (url && url !== "about:blank") listeners.windowOpen?.(url);
  }

  return host;
}

export type ChromiumHost = ReturnType<typeof createChromiumHost>;
