/** Addresses the shell may hand to the system: web pages and mail. */
export function isExternalAddress(url: string): boolean {
  try {
    return ["http:", "https:", "mailto:"].includes(new URL(url).protocol);
  } catch {
    return false;
  }
}

/** True when `url` is a page of the server the window shows (same origin). */
export function isAppAddress(url: string, serverUrl: string | null): boolean {
  if (!serverUrl) return false;
  try {
    return new URL(url).origin === new URL(serverUrl).origin;
  } catch {
    return false;
  }
}
