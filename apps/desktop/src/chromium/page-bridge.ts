/**
 * `window.tidings` in a Chromium app-mode window, installed before any script of the page runs
 * (Playwright's init script: this function is sent as its source, so it imports nothing). Calls
 * go through the `__tidingsCall` binding to the host; events arrive through `__tidingsEmit`.
 * Only the top frame gets the bridge: an entry's embedded frames never see it.
 */
export function installPageBridge(info: { platform: string; version: string }): void {
  if (window.top !== window) return;
  type Listener = (payload: unknown) => void;
  const listeners = new Map<string, Set<Listener>>();
  const host = window as unknown as {
    __tidingsCall(name: string, input: unknown): Promise<{ ok: boolean; value?: unknown; code?: string; message?: string }>;
    __tidingsWindowChanged?: () => void;
    __tidingsEmit?: (name: string, payload: unknown) => void;
    tidings?: unknown;
  };
  const bridge = {
    kind: "chromium",
    platform: info.platform,
    version: info.version,
    // The result as the shell answered it: the page unwraps it (packages/contracts' desktopBridgeOf).
    call: (name: string, input: unknown) => host.__tidingsCall(name, input),
    on(name: string, listener: Listener) {
      const set = listeners.get(name) ?? new Set<Listener>();
      set.add(listener);
      listeners.set(name, set);
      return () => set.delete(listener);
    },
  };
  Object.defineProperty(window, "__tidingsEmit", {
    value: (name: string, payload: unknown) => listeners.get(name)?.forEach((listener) => listener(payload)),
  });
  Object.defineProperty(window, "tidings", { value: Object.freeze(bridge), enumerable: true });
  // Resizes and hiding tell the host to read the window's state again.
  const changed = () => host.__tidingsWindowChanged?.();
  window.addEventListener("resize", changed);
  document.addEventListener("visibilitychange", changed);
}
