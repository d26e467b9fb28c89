/**
 * What start-up needs from the installable web app, without its screens: the browser's install
 * offer comes once and early, so main.tsx starts listening before the first screen.
 */
export { captureInstallPrompt } from "./install-prompt.ts";
