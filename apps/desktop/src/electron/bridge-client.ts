import type { InjectedDesktopBridge } from "@tidings/contracts";

/** How the preload reaches the main process: one call channel, one event channel. */
export interface BridgeTransport {
  invoke(name: string, input: unknown): Promise<unknown>;
  /** Hears every event the shell sends; answers how to stop hearing them. */
  subscribe(listener: (name: string, payload: unknown) => void): () => void;
}

/** The app's version, which the main process passes to the window as `--tidings-version=`. */
export function versionFromArgv(argv: readonly string[]): string {
  const flag = argv.find((arg) => arg.startsWith("--tidings-version="));
  return flag ? flag.slice("--tidings-version=".length) : "";
}

/**
 * `window.tidings` over a transport: calls answer the main process' result as it is (plain data
 * crosses the context bridge whole; an error would lose its code), and the page unwraps it
 * (packages/contracts' desktopBridgeOf).
 */
export function createInjectedBridge(transport: BridgeTransport, info: { platform: string; version: string }): InjectedDesktopBridge {
  return {
    kind: "electron",
    platform: info.platform,
    version: info.version,
    call: (name, input) => transport.invoke(name, input),
    on(name, listener) {
      return transport.subscribe((event, payload) => {
        if (event === name) listener(payload);
      });
    },
  };
}
