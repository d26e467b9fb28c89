// Start-up of the desktop link (the shell's bridge) and of the installed app's badge.
export { startAppBadge } from "./app-badge.ts";
export { startDesktopLink } from "./desktop-link.ts";
