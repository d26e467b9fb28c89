import type {
  BrowserWindowConstructorOptions,
  ClearStorageDataOptions,
  Display,
  HandlerDetails,
  MenuItemConstructorOptions,
  NativeImage,
  NotificationConstructorOptions,
  Rectangle,
  Settings,
  WindowOpenHandlerResponse,
} from "electron";

/*
 * The part of Electron's main-process API the host uses, typed with Electron's own types. The
 * real module is passed where this is asked (main.ts), so the compiler checks that it fits; the
 * tests pass a fake that implements only this.
 */

/** An event whose default can be prevented (will-navigate, close). */
export interface PreventableEvent {
  preventDefault(): void;
}

export interface ElectronWebContents {
  send(channel: string, ...args: unknown[]): void;
  setWindowOpenHandler(handler: (details: HandlerDetails) => WindowOpenHandlerResponse): void;
  on(event: "will-navigate", listener: (event: PreventableEvent & { url: string }) => void): unknown;
}

export interface ElectronWindow {
  readonly webContents: ElectronWebContents;
  loadURL(url: string): Promise<void>;
  on(event: "move" | "resize" | "maximize" | "unmaximize" | "minimize" | "restore" | "close", listener: (event: PreventableEvent) => void): unknown;
  isDestroyed(): boolean;
  isMinimized(): boolean;
  isMaximized(): boolean;
  isVisible(): boolean;
  getNormalBounds(): Rectangle;
  maximize(): void;
  unmaximize(): void;
  minimize(): void;
  restore(): void;
  show(): void;
  hide(): void;
  focus(): void;
  setOverlayIcon(overlay: NativeImage | null, description: string): void;
}

export interface ElectronTray {
  setToolTip(toolTip: string): void;
  setContextMenu(menu: unknown): void;
  on(event: "click", listener: () => void): unknown;
  destroy(): void;
}

export interface ElectronNotification {
  on(event: "click", listener: () => void): unknown;
  show(): void;
}

/** What `ipcMain.handle` hands its listener: who sent the call. */
export interface InvokeEvent {
  readonly sender: unknown;
  readonly senderFrame: { readonly url: string; readonly origin: string; readonly parent: unknown } | null;
}

export interface ElectronApp {
  getPath(name: "userData"): string;
  getVersion(): string;
  quit(): void;
  whenReady(): Promise<void>;
  requestSingleInstanceLock(): boolean;
  setAsDefaultProtocolClient(protocol: string): boolean;
  setBadgeCount(count?: number): boolean;
  setLoginItemSettings(settings: Settings): void;
  on(event: "second-instance", listener: (event: unknown, argv: string[]) => void): unknown;
  on(event: "open-url", listener: (event: PreventableEvent, url: string) => void): unknown;
  on(event: "window-all-closed" | "activate" | "before-quit", listener: () => void): unknown;
}

/** The Electron main-process module, as far as the host uses it. */
export interface ElectronMain {
  app: ElectronApp;
  BrowserWindow: new (options: BrowserWindowConstructorOptions) => ElectronWindow;
  Tray: new (image: NativeImage) => ElectronTray;
  Notification: { new (options: NotificationConstructorOptions): ElectronNotification; isSupported(): boolean };
  Menu: { buildFromTemplate(template: MenuItemConstructorOptions[]): unknown; setApplicationMenu(menu: never): void };
  ipcMain: { handle(channel: string, listener: (event: InvokeEvent, ...args: unknown[]) => unknown): void };
  shell: { openExternal(url: string): Promise<void> };
  nativeTheme: { themeSource: "system" | "light" | "dark" };
  nativeImage: { createFromPath(path: string): NativeImage; createFromBitmap(buffer: Buffer, options: { width: number; height: number; scaleFactor?: number }): NativeImage };
  session: { defaultSession: { clearStorageData(options: ClearStorageDataOptions): Promise<void> } };
  screen: { getAllDisplays(): Pick<Display, "workArea">[] };
}
