// The desktop shell's public entry, for scripts and end-to-end tests: the shell, its Chromium
// app-mode host, and reading deep links.
export { createChromiumHost, type ChromiumHost, type ChromiumHostOptions, type ChromiumHostStatus } from "./chromium/chromium-host.ts";
export { deepLinkOf, parseDeepLink } from "./shell/deep-link.ts";
export { createShell, LOCAL_PORT, type Shell } from "./shell/shell.ts";
