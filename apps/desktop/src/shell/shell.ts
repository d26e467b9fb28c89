import type { Appearance, DesktopCallName, DesktopCalls, DesktopPreferences, DesktopResult } from "@tidings/contracts";
import { badgeCount, trayTooltip } from "./badge.ts";
import { CALL_INPUTS } from "./call-inputs.ts";
import { parseDeepLink } from "./deep-link.ts";
import { DesktopCallError } from "@tidings/contracts";
import { addToEagle } from "./eagle.ts";
import { firstRunPage } from "./first-run-page.ts";
import { createHandoffs } from "./handoff.ts";
import type { CallContext, ChildProcessHandle, DesktopHost } from "./host.ts";
import { isAppAddress, isExternalAddress } from "./links.ts";
import { checkServer, startLocalServer } from "./local-server.ts";
import { appMenu, menuAction, trayMenu } from "./menu.ts";
import { writeObsidianNote } from "./obsidian.ts";
import { createSettingsStore, type ServerChoice } from "./settings-store.ts";

/** The embedded server's port on this computer. */
export const LOCAL_PORT = 41_780;
/** How long the page may take to sign out when the shell asks, before the shell clears the session itself. */
const SIGN_OUT_GRACE_MS = 5_000;
/** Window moves and resizes are saved once they settle. */
const SAVE_WINDOW_AFTER_MS = 400;

type Handlers = { [K in DesktopCallName]: (input: DesktopCalls[K]["input"], context: CallContext) => Promise<DesktopCalls[K]["output"]> };

/**
 * The desktop shell's logic, on any host: which server the window shows, the bridge's calls,
 * the badge and tray, the menu, deep links and sign-in hand-off, links, window state kept.
 */
export function createShell(host: DesktopHost) {
  const store = createSettingsStore(host);
  const handoffs = createHandoffs();
  let serverUrl: string | null = null;
  let localServer: ChildProcessHandle | null = null;
  let unread = 0;
  let windowOpen = false;
  /** The first-run screen is what the window shows: only it may call `app.connect`, only it is a data: page. */
  let firstRunShown = false;
  let pendingLinks: string[] = [];
  let signOutTimer: ReturnType<typeof setTimeout> | undefined;
  let saveTimer: ReturnType<typeof setTimeout> | undefined;

  const refreshMenu = () => host.setMenu(appMenu(host.platform, store.get().appearance));
  const refreshBadge = async () => {
    await host.setBadge(badgeCount(unread, store.get().preferences));
    await host.setTray({ tooltip: trayTooltip(unread), items: trayMenu() });
  };

  async function showFirstRun(error?: string): Promise<void> {
    const last = store.get().server;
    firstRunShown = true;
    await host.loadHtml(firstRunPage({ ...(error ? { error } : {}), ...(last?.kind === "remote" ? { lastUrl: last.url } : {}), local: host.canStartServer }));
  }

  /** The address of a server choice, starting the embedded server when it is the choice. */
  async function reach(choice: ServerChoice): Promise<string> {
    if (choice.kind === "remote") return choice.url;
    if (!localServer) {
      const started = await startLocalServer(host, choice.port);
      localServer = started.process;
      return started.url;
    }
    return `http://127.0.0.1:${choice.port}`;
  }

  async function setAppearance(appearance: Appearance, tellPage: boolean): Promise<void> {
    await store.update({ appearance });
    await host.setThemeSource(appearance);
    await refreshMenu();
    if (tellPage) await host.send("setting.appearanceChanged", appearance);
  }

  async function clearSession(): Promise<void> {
    clearTimeout(signOutTimer);
    signOutTimer = undefined;
    if (serverUrl) await host.clearSession(new URL(serverUrl).origin);
    unread = 0;
    await refreshBadge();
  }

  /** A link leaving the app: the system's browser, or a window of the app (`openLinksInExternalApp`). */
  async function openOutside(url: string): Promise<void> {
    if (!isExternalAddress(url)) return;
    if (store.get().preferences.openLinksInExternalApp || url.startsWith("mailto:")) await host.openExternal(url);
    else await host.openBrowserWindow(url);
  }

  async function handleDeepLink(link: string): Promise<void> {
    if (!windowOpen || !serverUrl) {
      pendingLinks.push(link);
      return;
    }
    const parsed = parseDeepLink(link);
    if (!parsed) return;
    await host.focus();
    if (parsed.kind === "auth") {
      // Only a sign-in this shell started (its state) is completed here.
      if (!handoffs.take(parsed.state)) return;
      await host.load(`${serverUrl}/desktop-auth?${new URLSearchParams({ code: parsed.code })}`);
      return;
    }
    await host.send("navigate", { path: parsed.path });
  }

  const handlers: Handlers = {
    "setting.getAppearance": async () => store.get().appearance,
    "setting.setAppearance": async (appearance) => {
      await setAppearance(appearance, false);
      return null;
    },
    "auth.sessionChanged": async ({ userId }) => {
      if (userId === null) {
        unread = 0;
        await refreshBadge();
      }
      return null;
    },
    "auth.signOut": async () => {
      await clearSession();
      return null;
    },
    "auth.startSocialSignIn": async ({ provider }) => {
      if (!serverUrl) throw new DesktopCallError("UNSUPPORTED", "No server is chosen yet");
      const state = handoffs.begin();
      const redirect = `/desktop-auth?${new URLSearchParams({ state })}`;
      await host.openExternal(`${serverUrl}/login?${new URLSearchParams({ provider, redirect })}`);
      return null;
    },
    "app.setUnreadCount": async ({ count }) => {
      unread = count;
      await refreshBadge();
      return null;
    },
    "app.setPreferences": async (preferences: DesktopPreferences) => {
      const before = store.get().preferences;
      await store.update({ preferences });
      if (before.appLaunchOnStartup !== preferences.appLaunchOnStartup) await host.setLaunchAtLogin(preferences.appLaunchOnStartup);
      await refreshBadge();
      return null;
    },
    "app.notify": async ({ title, body, path }) => {
      await host.notify({ title, body }, () => {
        void host.focus().then(() => (path ? host.send("navigate", { path }) : undefined));
      });
      return null;
    },
    "app.openExternal": async ({ url }) => {
      if (!isExternalAddress(url)) throw new DesktopCallError("INVALID_INPUT", "Only web and mail addresses open outside the app");
      await host.openExternal(url);
      return null;
    },
    "app.connect": async (input) => {
      if ("local" in input && !host.canStartServer) throw new DesktopCallError("UNSUPPORTED", "This installation does not carry a server; connect to one");
      const choice: ServerChoice = "local" in input ? { kind: "local", port: LOCAL_PORT } : { kind: "remote", url: await checkServer(host, input.url) };
      serverUrl = await reach(choice);
      await store.update({ server: choice });
      firstRunShown = false;
      await host.load(serverUrl);
      const links = pendingLinks;
      pendingLinks = [];
      for (const link of links) await handleDeepLink(link);
      return null;
    },
    "app.changeServer": async () => {
      await showFirstRun();
      serverUrl = null;
      return null;
    },
    "window.getMode": async () => (await host.windowState()).mode,
    "window.setMode": async (mode) => {
      await host.setWindowMode(mode);
      return null;
    },
    "obsidian.writeNote": (input) => writeObsidianNote(host, input),
    "eagle.addFromURLs": ({ items }) => addToEagle(host, items),
  };

  /** Runs a page's call: checks who asks and what it passes, then answers a value or a refusal. */
  async function call(name: string, input: unknown, context: CallContext): Promise<DesktopResult<unknown>> {
    try {
      if (!Object.hasOwn(handlers, name)) throw new DesktopCallError("UNSUPPORTED", `The shell has no call "${name}"`);
      const key = name as DesktopCallName;
      // The first-run screen may only connect; a page of the chosen server may do the rest.
      const fromFirstRun = context.origin === null;
      const allowed = fromFirstRun ? key === "app.connect" && firstRunShown : key !== "app.connect" && isAppAddress(context.origin ?? "", serverUrl);
      if (!allowed) {
        throw new DesktopCallError("UNSUPPORTED", `"${name}" is not open to this page`);
      }
      const parsed = CALL_INPUTS[key].safeParse(input);
      if (!parsed.success) throw new DesktopCallError("INVALID_INPUT", `Invalid input for "${name}": ${parsed.error.issues[0]?.message ?? "malformed"}`);
      const handler = handlers[key] as (input: unknown, context: CallContext) => Promise<unknown>;
      return { ok: true, value: await handler(parsed.data, context) };
    } catch (error) {
      if (error instanceof DesktopCallError) return { ok: false, code: error.code, message: error.message };
      return { ok: false, code: "FAILED", message: error instanceof Error ? error.message : String(error) };
    }
  }

  async function onMenu(id: string): Promise<void> {
    const action = menuAction(id);
    if (!action) return;
    switch (action.kind) {
      case "command":
        await host.focus();
        await host.send("command", { id: action.id });
        return;
      case "appearance":
        await setAppearance(action.appearance, true);
        return;
      case "show":
        return host.focus();
      case "reload":
        if (serverUrl) await host.load(serverUrl);
        return;
      case "signOut":
        // The page signs out as its own button does (server session, local data); if it cannot
        // (not loaded, offline), the shell forgets the session itself.
        await host.send("auth.signOutRequested", null);
        clearTimeout(signOutTimer);
        signOutTimer = setTimeout(() => {
          void clearSession().then(() => (serverUrl ? host.load(`${serverUrl}/login`) : undefined));
        }, SIGN_OUT_GRACE_MS);
        return;
      case "changeServer":
        return void (await handlers["app.changeServer"](undefined, { origin: null }));
      case "quit":
        await stop();
        await host.quit();
        return;
    }
  }

  function saveWindowSoon(): void {
    clearTimeout(saveTimer);
    saveTimer = setTimeout(() => {
      void host.windowState().then((state) => {
        // Maximised or minimised, the window returns to its last normal bounds.
        const bounds = state.mode === "normal" ? state.bounds : store.get().window.bounds;
        return store.update({ window: { mode: state.mode === "minimized" ? "normal" : state.mode, bounds } });
      });
    }, SAVE_WINDOW_AFTER_MS);
  }

  async function stop(): Promise<void> {
    clearTimeout(saveTimer);
    clearTimeout(signOutTimer);
    const child = localServer;
    localServer = null;
    await child?.stop();
  }

  return {
    /** Starts the shell: settings, menu, tray, the window at the chosen server (or the first-run screen). */
    async start(launchLink?: string | null): Promise<void> {
      const settings = await store.load();
      host.on("call", call);
      host.on("deepLink", (link) => void handleDeepLink(link));
      host.on("menu", (id) => void onMenu(id));
      host.on("windowOpen", (url) => {
        if (isAppAddress(url, serverUrl)) void host.send("navigate", { path: new URL(url).pathname + new URL(url).search });
        else void openOutside(url);
      });
      host.on("willNavigate", (url) => {
        // The shell's own first-run page is a data: page; no other data: page may take the window.
        if (isAppAddress(url, serverUrl) || (firstRunShown && url.startsWith("data:text/html")) || url === "about:blank") return true;
        void openOutside(url);
        return false;
      });
      host.on("windowChanged", saveWindowSoon);
      host.on("quit", () => void stop());
      await host.setThemeSource(settings.appearance);
      await refreshMenu();
      await refreshBadge();
      if (launchLink) pendingLinks.push(launchLink);
      let error: string | undefined;
      if (settings.server) {
        try {
          serverUrl = await reach(settings.server);
        } catch (caught) {
          error = caught instanceof Error ? caught.message : String(caught);
        }
      }
      await host.openWindow(serverUrl ?? "about:blank", settings.window);
      windowOpen = true;
      if (!serverUrl) {
        await showFirstRun(error);
        return;
      }
      const links = pendingLinks;
      pendingLinks = [];
      for (const link of links) await handleDeepLink(link);
    },
    stop,
    /** The server the window shows (null on the first-run screen). */
    serverUrl: () => serverUrl,
    settings: () => store.get(),
    call,
  };
}

export type Shell = ReturnType<typeof createShell>;
