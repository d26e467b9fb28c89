import type { Appearance, DesktopEventName, DesktopEvents, WindowMode } from "@tidings/contracts";

/** Where and how big the window is. */
export interface WindowBounds {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The window as it was left: its mode, and its bounds when normal. */
export interface WindowState {
  mode: WindowMode;
  bounds: WindowBounds | null;
}

/** A menu of the app menu bar: items run a shell action, or are a separator. */
export interface MenuSpec {
  label: string;
  items: ({ id: string; label: string; accelerator?: string; checked?: boolean } | "separator")[];
}

/** A page's call into the shell, and who made it. */
export interface CallContext {
  /** The page's origin (`null` for the shell's own first-run page). */
  origin: string | null;
}

export type CallHandler = (name: string, input: unknown, context: CallContext) => Promise<unknown>;

/** What the host tells the shell. */
export interface HostEvents {
  /** The page asks the shell (window.tidings.invoke). */
  call: CallHandler;
  /** The OS hands over a `tidings://` link (a second launch, or macOS' open-url). */
  deepLink: (url: string) => void;
  /** A menu or tray item was chosen. */
  menu: (id: string) => void;
  /** The page opens a new window (a link with target=_blank, window.open). */
  windowOpen: (url: string) => void;
  /** The window navigates its own page to another address. Answer false to keep it where it is. */
  willNavigate: (url: string) => boolean;
  /** The window's mode or bounds changed. */
  windowChanged: () => void;
  /** The reader asked to quit, or the last window closed. */
  quit: () => void;
}

/** A process the shell started: the embedded local server. */
export interface ChildProcessHandle {
  readonly exited: Promise<number | null>;
  stop(): Promise<void>;
}

/**
 * Everything outside the shell's logic: the window, the OS and the files. The Electron main
 * process implements it (electron/electron-host.ts) and so does Chromium in app mode
 * (chromium/chromium-host.ts); the shell (shell.ts) knows nothing else.
 */
export interface DesktopHost {
  readonly kind: "electron" | "chromium";
  readonly platform: NodeJS.Platform;
  /** Where the shell keeps its settings and the local server's data. */
  readonly dataDir: string;
  /** The app's version (package.json). */
  readonly version: string;
  /** Whether this installation carries the embedded server (`startServer` can run it). */
  readonly canStartServer: boolean;

  /** Registers the shell's listener of one host event (one listener each). */
  on<K extends keyof HostEvents>(event: K, listener: HostEvents[K]): void;

  /** Opens the window (once) at `url` in `state`; the page gets the bridge. */
  openWindow(url: string, state: WindowState): Promise<void>;
  /** Shows `url` in the window. */
  load(url: string): Promise<void>;
  /** Shows the shell's own page (the first-run screen) from its HTML. */
  loadHtml(html: string): Promise<void>;
  windowState(): Promise<WindowState>;
  setWindowMode(mode: WindowMode): Promise<void>;
  /** Brings the window to the front (restoring it when minimised or hidden). */
  focus(): Promise<void>;
  /** Tells the page something through the bridge. */
  send<K extends DesktopEventName>(event: K, payload: DesktopEvents[K]): Promise<void>;

  /** The Dock/taskbar badge; 0 clears it. */
  setBadge(count: number): Promise<void>;
  /** The tray icon's tooltip and menu; null removes it. */
  setTray(tray: { tooltip: string; items: MenuSpec["items"] } | null): Promise<void>;
  setMenu(menus: MenuSpec[]): Promise<void>;
  notify(notification: { title: string; body: string }, onClick: () => void): Promise<void>;
  /** Opens a web page in a window of its own, without the bridge (links kept in the app). */
  openBrowserWindow(url: string): Promise<void>;
  /** Opens an address in the system's browser or mail program. */
  openExternal(url: string): Promise<void>;
  setLaunchAtLogin(enabled: boolean): Promise<void>;
  /** The colour mode of the shell's own UI (window frame, menus, what the page sees as the system's). */
  setThemeSource(appearance: Appearance): Promise<void>;
  /** Forgets the window's cookies and storage for `origin`. */
  clearSession(origin: string): Promise<void>;

  readFile(path: string): Promise<string | null>;
  /** Writes a file atomically (settings). */
  writeFile(path: string, text: string): Promise<void>;
  /** Writes a new file; rejects with code EEXIST when one is there. */
  createFile(path: string, text: string): Promise<void>;
  isDirectory(path: string): Promise<boolean>;
  /** An HTTP request from the shell (no page origin, no CORS). */
  request(url: string, init: { method: string; headers?: Record<string, string>; body?: string; timeoutMs: number }): Promise<{ status: number; text: string }>;
  /** Starts the embedded server (`npm start`'s) with these settings (PORT, DATA_DIR…). */
  startServer(env: Record<string, string>): Promise<ChildProcessHandle>;
  quit(): Promise<void>;
}
