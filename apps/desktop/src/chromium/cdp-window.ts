import type { BrowserContext, CDPSession, Page } from "playwright-core";
import type { WindowMode } from "@tidings/contracts";
import type { WindowBounds, WindowState } from "../shell/host.ts";

interface CdpBounds {
  left?: number;
  top?: number;
  width?: number;
  height?: number;
  windowState?: "normal" | "minimized" | "maximized" | "fullscreen";
}

/** The app window's state and bounds over the DevTools protocol (Browser.*WindowBounds). */
export async function createCdpWindow(context: BrowserContext, page: Page) {
  const cdp: CDPSession = await context.newCDPSession(page);
  const { windowId } = (await cdp.send("Browser.getWindowForTarget")) as { windowId: number };
  const bounds = async () => ((await cdp.send("Browser.getWindowForTarget")) as { bounds: CdpBounds }).bounds;
  const setBounds = (next: CdpBounds) => cdp.send("Browser.setWindowBounds", { windowId, bounds: next });
  return {
    cdp,
    async state(): Promise<WindowState> {
      const current = await bounds();
      const mode: WindowMode = current.windowState === "minimized" ? "minimized" : current.windowState === "maximized" || current.windowState === "fullscreen" ? "maximized" : "normal";
      const box: WindowBounds | null =
        current.left !== undefined && current.top !== undefined && current.width && current.height ? { x: current.left, y: current.top, width: current.width, height: current.height } : null;
      return { mode, bounds: box };
    },
    async setMode(mode: WindowMode): Promise<void> {
      const current = (await bounds()).windowState;
      // Chromium moves between minimised and maximised through normal only.
      if (current !== "normal" && mode !== "normal") await setBounds({ windowState: "normal" });
      await setBounds({ windowState: mode });
    },
    async restore(state: WindowState): Promise<void> {
      if (state.bounds) await setBounds({ windowState: "normal", left: state.bounds.x, top: state.bounds.y, width: state.bounds.width, height: state.bounds.height });
      if (state.mode === "maximized") await setBounds({ windowState: "maximized" });
    },
  };
}
