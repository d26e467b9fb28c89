// The window's preload: `window.tidings`, the bridge, over Electron's IPC. It runs sandboxed,
// where `require` knows only "electron": the build bundles everything else into it.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from "electron";
import { createInjectedBridge, versionFromArgv } from "./bridge-client.ts";

const CALL_CHANNEL = "tidings:call";
const EVENT_CHANNEL = "tidings:event";

const bridge = createInjectedBridge(
  {
    invoke: (name, input) => ipcRenderer.invoke(CALL_CHANNEL, name, input),
    subscribe(listener) {
      const handler = (_event: IpcRendererEvent, name: string, payload: unknown) => listener(name, payload);
      ipcRenderer.on(EVENT_CHANNEL, handler);
      return () => void ipcRenderer.removeListener(EVENT_CHANNEL, handler);
    },
  },
  { platform: process.platform, version: versionFromArgv(process.argv) },
);

contextBridge.exposeInMainWorld("tidings", bridge);
