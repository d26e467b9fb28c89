import { type DesktopBridge, desktopBridgeOf, type InjectedDesktopBridge } from "@tidings/contracts";

/** The desktop shell's bridge (`window.tidings`, packages/contracts' DesktopBridge), or null in a browser. */
function readBridge(): DesktopBridge | null {
  if (typeof window === "undefined") return null;
  const injected = (window as { tidings?: Partial<InjectedDesktopBridge> }).tidings;
  return injected && typeof injected.call === "function" && typeof injected.on === "function" ? desktopBridgeOf(injected as InjectedDesktopBridge) : null;
}

export const desktopBridge: DesktopBridge | null = readBridge();
