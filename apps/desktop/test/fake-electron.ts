// A stand-in for the `electron` module: the classes and objects the host and the preload use,
// recording what was asked of them and letting a test fire what the OS or a page would.
import type { BrowserWindowConstructorOptions, HandlerDetails, MenuItemConstructorOptions, NativeImage, WindowOpenHandlerResponse } from "electron";
import type { ElectronMain, InvokeEvent, PreventableEvent } from "../src/electron/electron-api.ts";

type Listener = (...args: never[]) => unknown;

class Emitter {
  readonly listeners = new Map<string, Listener[]>();
  on(event: string, listener: Listener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  emit(event: string, ...args: unknown[]): void {
    for (const listener of this.listeners.get(event) ?? []) (listener as (...a: unknown[]) => unknown)(...args);
  }
}

/** A fake image: says what it was made from. */
export interface FakeImage {
  source: string;
  isEmpty(): boolean;
  resize(size: { width: number; height: number }): FakeImage;
}
const fakeImage = (source: string, empty = false): FakeImage => ({
  source,
  isEmpty: () => empty,
  resize: (size) => fakeImage(`${source}@${size.width}`),
});

export interface FakeMenu {
  template: MenuItemConstructorOptions[];
}

export function createFakeElectron(options: { userData: string; displays?: { x: number; y: number; width: number; height: number }[]; notifications?: boolean }) {
  const windows: FakeWindow[] = [];
  const trays: FakeTray[] = [];
  const notifications: FakeNotification[] = [];
  const opened: string[] = [];
  const cleared: unknown[] = [];
  let applicationMenu: FakeMenu | null = null;
  const ipcHandlers = new Map<string, (event: InvokeEvent, ...args: unknown[]) => unknown>();

  class FakeWebContents extends Emitter {
    readonly sent: unknown[][] = [];
    openHandler: ((details: HandlerDetails) => WindowOpenHandlerResponse) | null = null;
    send(channel: string, ...args: unknown[]) {
      this.sent.push([channel, ...args]);
    }
    setWindowOpenHandler(handler: (details: HandlerDetails) => WindowOpenHandlerResponse) {
      this.openHandler = handler;
    }
    /** The page opens a window (target=_blank); answers the handler's verdict. */
    windowOpen(url: string): WindowOpenHandlerResponse {
      if (!this.openHandler) throw new Error("no window-open handler");
      return this.openHandler({ url } as HandlerDetails);
    }
    /** The page navigates itself; answers whether the navigation was prevented. */
    navigate(url: string): boolean {
      let prevented = false;
      this.emit("will-navigate", { url, preventDefault: () => (prevented = true) });
      return prevented;
    }
  }

  class FakeWindow extends Emitter {
    readonly webContents = new FakeWebContents();
    readonly loaded: string[] = [];
    minimized = false;
    maximized = false;
    visible = false;
    destroyed = false;
    focused = 0;
    bounds = { x: 0, y: 0, width: 1200, height: 800 };
    overlay: { image: unknown; description: string } | null = null;
    readonly options: BrowserWindowConstructorOptions;
    constructor(options: BrowserWindowConstructorOptions) {
      super();
      this.options = options;
      if (options.x !== undefined) this.bounds = { x: options.x, y: options.y ?? 0, width: options.width ?? 800, height: options.height ?? 600 };
      windows.push(this);
    }
    async loadURL(url: string) {
      this.loaded.push(url);
    }
    isDestroyed = () => this.destroyed;
    isMinimized = () => this.minimized;
    isMaximized = () => this.maximized;
    isVisible = () => this.visible;
    getNormalBounds = () => this.bounds;
    maximize = () => void ((this.maximized = true), (this.visible = true), this.emit("maximize"));
    unmaximize = () => void ((this.maximized = false), this.emit("unmaximize"));
    minimize = () => void ((this.minimized = true), this.emit("minimize"));
    restore = () => void ((this.minimized = false), this.emit("restore"));
    show = () => void (this.visible = true);
    hide = () => void (this.visible = false);
    focus = () => void this.focused++;
    setOverlayIcon(image: NativeImage | null, description: string) {
      this.overlay = image ? { image, description } : null;
    }
    /** The reader closes the window; answers whether closing was prevented. */
    close(): boolean {
      let prevented = false;
      this.emit("close", { preventDefault: () => (prevented = true) } satisfies PreventableEvent);
      if (!prevented) this.destroyed = true;
      return prevented;
    }
    /** The page at its last loaded address calls the shell through the preload's IPC. */
    async call(name: string, input?: unknown, frame: { url?: string; parent?: unknown } = {}) {
      const url = frame.url ?? this.loaded.at(-1) ?? "about:blank";
      const origin = /^(https?):/.test(url) ? new URL(url).origin : "null";
      const handler = ipcHandlers.get("tidings:call");
      if (!handler) throw new Error("no tidings:call handler");
      return handler({ sender: this.webContents, senderFrame: { url, origin, parent: frame.parent ?? null } }, name, input);
    }
  }

  class FakeTray extends Emitter {
    toolTip = "";
    menu: FakeMenu | null = null;
    destroyed = false;
    readonly image: NativeImage;
    constructor(image: NativeImage) {
      super();
      this.image = image;
      trays.push(this);
    }
    setToolTip(text: string) {
      this.toolTip = text;
    }
    setContextMenu(menu: unknown) {
      this.menu = menu as FakeMenu;
    }
    destroy() {
      this.destroyed = true;
    }
  }

  class FakeNotification extends Emitter {
    shown = false;
    static isSupported = () => options.notifications ?? true;
    readonly options: { title?: string; body?: string };
    constructor(options: { title?: string; body?: string }) {
      super();
      this.options = options;
      notifications.push(this);
    }
    show() {
      this.shown = true;
    }
  }

  const app = Object.assign(new Emitter(), {
    badgeCount: 0,
    loginItems: [] as unknown[],
    protocols: [] as string[],
    quits: 0,
    hasLock: true,
    getPath: () => options.userData,
    getVersion: () => "0.5.0",
    quit() {
      app.quits++;
    },
    whenReady: () => Promise.resolve(),
    requestSingleInstanceLock: () => app.hasLock,
    setAsDefaultProtocolClient(protocol: string) {
      app.protocols.push(protocol);
      return true;
    },
    setBadgeCount(count?: number) {
      app.badgeCount = count ?? 0;
      return true;
    },
    setLoginItemSettings(settings: unknown) {
      app.loginItems.push(settings);
    },
  });

  const electron = {
    app,
    BrowserWindow: FakeWindow,
    Tray: FakeTray,
    Notification: FakeNotification,
    Menu: {
      buildFromTemplate: (template: MenuItemConstructorOptions[]): FakeMenu => ({ template }),
      setApplicationMenu(menu: FakeMenu) {
        applicationMenu = menu;
      },
    },
    ipcMain: {
      handle(channel: string, listener: (event: InvokeEvent, ...args: unknown[]) => unknown) {
        ipcHandlers.set(channel, listener);
      },
    },
    shell: {
      async openExternal(url: string) {
        opened.push(url);
      },
    },
    nativeTheme: { themeSource: "system" as "system" | "light" | "dark" },
    nativeImage: {
      createFromPath: (file: string) => fakeImage(`file:${file}`, file.includes("missing")) as unknown as NativeImage,
      createFromBitmap: (buffer: Buffer, size: { width: number }) => fakeImage(`bitmap:${size.width}:${buffer.length}`) as unknown as NativeImage,
    },
    session: {
      defaultSession: {
        async clearStorageData(clear: unknown) {
          cleared.push(clear);
        },
      },
    },
    screen: { getAllDisplays: () => (options.displays ?? [{ x: 0, y: 0, width: 1920, height: 1080 }]).map((workArea) => ({ workArea })) },
  } satisfies ElectronMain;

  return {
    electron,
    windows,
    trays,
    notifications,
    opened,
    cleared,
    applicationMenu: () => applicationMenu,
    /** The app's main window (the first one made). */
    mainWindow: () => {
      const first = windows[0];
      if (!first) throw new Error("no window yet");
      return first;
    },
  };
}

export type FakeElectron = ReturnType<typeof createFakeElectron>;

/** The renderer's side, for the preload: what it exposed, and an IPC whose calls a test answers. */
export function createFakeRenderer(answer: (channel: string, ...args: unknown[]) => unknown) {
  const exposed = new Map<string, unknown>();
  const ipcRenderer = Object.assign(new Emitter(), {
    invocations: [] as unknown[][],
    async invoke(channel: string, ...args: unknown[]) {
      ipcRenderer.invocations.push([channel, ...args]);
      return answer(channel, ...args);
    },
    removeListener(event: string, listener: Listener) {
      ipcRenderer.listeners.set(event, (ipcRenderer.listeners.get(event) ?? []).filter((l) => l !== listener));
      return ipcRenderer;
    },
  });
  const contextBridge = {
    exposeInMainWorld(key: string, api: unknown) {
      exposed.set(key, api);
    },
  };
  return { module: { contextBridge, ipcRenderer }, exposed, ipcRenderer };
}

/** The menu item with this id, anywhere in a menu's template. */
export function findItem(template: MenuItemConstructorOptions[], id: string): MenuItemConstructorOptions | undefined {
  for (const item of template) {
    if (item.id === id) return item;
    if (Array.isArray(item.submenu)) {
      const found = findItem(item.submenu as MenuItemConstructorOptions[], id);
      if (found) return found;
    }
  }
  return undefined;
}

/** Clicks a menu item as Electron would. */
export function click(item: MenuItemConstructorOptions | undefined): void {
  if (!item?.click) throw new Error("no such menu item");
  (item.click as () => void)();
}
