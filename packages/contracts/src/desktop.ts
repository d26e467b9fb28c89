/**
 * The desktop shell's bridge (spec §2): the one object the shell injects into the web client as
 * `window.tidings`. The web client calls the shell (`invoke`) and hears from it (`on`); without
 * the bridge it runs exactly as the web app. Both sides import only these types.
 */

/** The colour mode the shell and the page agree on. */
export type Appearance = "light" | "dark" | "system";

/** The window modes spec §2 names. */
export type WindowMode = "minimized" | "maximized" | "normal";

/** What the page tells the shell about the reader's desktop preferences (settings of spec §3). */
export interface DesktopPreferences {
  appLaunchOnStartup: boolean;
  showDockBadge: boolean;
  openLinksInExternalApp: boolean;
}

/** One Eagle item: an image and the page it comes from (reference §6). */
export interface EagleItem {
  url: string;
  website?: string;
  name?: string;
  headers?: { referer: string };
}

/** The shell's calls, by name: what the page passes and what it gets back. */
export interface DesktopCalls {
  "setting.getAppearance": { input: undefined; output: Appearance };
  "setting.setAppearance": { input: Appearance; output: null };
  /** The signed-in reader changed (null: signed out). */
  "auth.sessionChanged": { input: { userId: string | null }; output: null };
  /** The page signed out: the shell forgets the window's session (cookies and storage). */
  "auth.signOut": { input: undefined; output: null };
  /** Social sign-in in the system browser; the shell waits for the `tidings://auth` link. */
  "auth.startSocialSignIn": { input: { provider: string }; output: null };
  /** Unread entries, for the Dock/taskbar badge and the tray. */
  "app.setUnreadCount": { input: { count: number }; output: null };
  "app.setPreferences": { input: DesktopPreferences; output: null };
  /** A native notification; clicking it shows the window at `path`. */
  "app.notify": { input: { title: string; body: string; path?: string }; output: null };
  /** An address opened in the system's browser (http, https and mailto only). */
  "app.openExternal": { input: { url: string }; output: null };
  /** The first-run screen's choice: a server's address, or the embedded server on this computer. */
  "app.connect": { input: { url: string } | { local: true }; output: null };
  /** Back to the first-run screen, to choose another server. */
  "app.changeServer": { input: undefined; output: null };
  "window.getMode": { input: undefined; output: WindowMode };
  "window.setMode": { input: WindowMode; output: null };
  /** Writes `<vault>/<fileName>`; refuses to overwrite (reference §6). Answers the note's path. */
  "obsidian.writeNote": { input: { vaultPath: string; fileName: string; text: string }; output: { path: string } };
  /** Posts to Eagle's local API from the shell (a page may not reach it across origins). */
  "eagle.addFromURLs": { input: { items: EagleItem[] }; output: { status: number } };
}

export type DesktopCallName = keyof DesktopCalls;

/** What the shell tells the page. */
export interface DesktopEvents {
  /** The reader chose a colour mode in the shell (its menu). */
  "setting.appearanceChanged": Appearance;
  /** The reader chose Sign Out in the shell: the page signs out as its own button does. */
  "auth.signOutRequested": null;
  /** Show this path of the web client (a deep link, a notification, a menu item). */
  navigate: { path: string };
  /** A menu command of the web client's shortcuts. */
  command: { id: DesktopCommand };
}

export type DesktopEventName = keyof DesktopEvents;

/**
 * The menu's commands: keyboard shortcuts of the web client, by their id in its shortcut table.
 * The menu shows each with its keys; choosing one runs it in the page as its keys would.
 */
export const DESKTOP_COMMANDS = {
  "global.quickAdd": "CmdOrCtrl+N",
  "global.search": "CmdOrCtrl+K",
  "global.discover": "CmdOrCtrl+T",
  "global.settings": "CmdOrCtrl+,",
  "global.showShortcuts": "H",
  "timeline.refetch": "R",
  "timeline.next": "J",
  "timeline.previous": "K",
  "entry.toggleRead": "M",
  "entry.toggleStar": "S",
  "entry.openInBrowser": "B",
  "subscription.markAllRead": "CmdOrCtrl+Shift+A",
  "layout.toggleSubscriptionColumn": "CmdOrCtrl+B",
  "layout.toggleWideMode": "CmdOrCtrl+[",
} as const;
export type DesktopCommand = keyof typeof DESKTOP_COMMANDS;

/** A call the shell refused, with a code the page can act on. */
export type DesktopErrorCode = "INVALID_INPUT" | "NOT_FOUND" | "ALREADY_EXISTS" | "UNREACHABLE" | "UNSUPPORTED" | "FAILED";

/** How a call travels back: a value, or a refusal (errors do not cross Electron's IPC intact). */
export type DesktopResult<T> = { ok: true; value: T } | { ok: false; code: DesktopErrorCode; message: string };

/** The bridge as the page uses it: calls answer their value, or reject with a {@link DesktopCallError}. */
export interface DesktopBridge {
  readonly kind: "electron" | "chromium";
  readonly platform: string;
  readonly version: string;
  invoke<K extends DesktopCallName>(name: K, ...input: DesktopCalls[K]["input"] extends undefined ? [] : [DesktopCalls[K]["input"]]): Promise<DesktopCalls[K]["output"]>;
  on<K extends DesktopEventName>(name: K, listener: (payload: DesktopEvents[K]) => void): () => void;
}

/**
 * What the shell injects as `window.tidings`: calls answer a {@link DesktopResult}, plain data,
 * because errors lose their code crossing Electron's context bridge. {@link desktopBridgeOf}
 * makes it the page's {@link DesktopBridge}.
 */
export interface InjectedDesktopBridge {
  readonly kind: "electron" | "chromium";
  readonly platform: string;
  readonly version: string;
  call(name: string, input: unknown): Promise<unknown>;
  on(name: string, listener: (payload: unknown) => void): () => void;
}

/** A refused call, as the page sees it: the shell's sentence, and its code to act on. */
export class DesktopCallError extends Error {
  readonly code: DesktopErrorCode;

  constructor(code: DesktopErrorCode, message: string) {
    super(message);
    this.code = code;
    this.name = "DesktopCallError";
  }
}

const ERROR_CODES: readonly DesktopErrorCode[] = ["INVALID_INPUT", "NOT_FOUND", "ALREADY_EXISTS", "UNREACHABLE", "UNSUPPORTED", "FAILED"];

/** A call's {@link DesktopResult} made into its value, or a rejection with the shell's code (FAILED for anything malformed). */
export function unwrapDesktopResult(result: unknown): unknown {
  if (typeof result !== "object" || result === null || !("ok" in result)) throw new DesktopCallError("FAILED", "The shell answered something unexpected");
  if (result.ok === true && "value" in result) return result.value;
  const code = "code" in result && ERROR_CODES.includes(result.code as DesktopErrorCode) ? (result.code as DesktopErrorCode) : "FAILED";
  const message = "message" in result && typeof result.message === "string" ? result.message : "The shell refused the call";
  throw new DesktopCallError(code, message);
}

/** The page's bridge over what the shell injected. */
export function desktopBridgeOf(injected: InjectedDesktopBridge): DesktopBridge {
  const invoke = async (name: string, ...input: unknown[]) => unwrapDesktopResult(await injected.call(name, input[0]));
  return {
    kind: injected.kind,
    platform: injected.platform,
    version: injected.version,
    invoke: invoke as DesktopBridge["invoke"],
    on: (name, listener) => injected.on(name, listener as (payload: unknown) => void),
  };
}

/** The custom scheme of the shell's deep links: `tidings://auth?code=&state=`, `tidings://add?url=`. */
export const DESKTOP_SCHEME = "tidings";
