import { PRODUCT } from "@tidings/contracts";
import { desktopBridge } from "./desktop-bridge.ts";

/**
 * Facts about this build and runtime, read once. The desktop shell runs the same bundle and
 * injects its bridge (`isDesktop`): in Electron, or in Chromium's app mode.
 */
export const appEnv = {
  version: PRODUCT.version,
  mode: import.meta.env.MODE,
  dev: import.meta.env.DEV,
  repositoryUrl: PRODUCT.repositoryUrl,
  isDesktop: desktopBridge !== null,
  isElectron: desktopBridge?.kind === "electron" || (typeof navigator !== "undefined" && /\bElectron\//.test(navigator.userAgent)),
} as const;
