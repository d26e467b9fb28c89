import { PRODUCT } from "@tidings/contracts";

/**
 * Facts about this build and runtime, read once. The desktop shell runs the same bundle inside
 * Electron, which it announces through its user agent.
 */
export const appEnv = {
  version: PRODUCT.version,
  mode: import.meta.env.MODE,
  dev: import.meta.env.DEV,
  repositoryUrl: PRODUCT.repositoryUrl,
  isElectron: typeof navigator !== "undefined" && /\bElectron\//.test(navigator.userAgent),
} as const;
