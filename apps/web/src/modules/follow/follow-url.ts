/**
 * What the follow form sends for what was typed: http(s) and rsshub:// addresses as they are, a
 * bare host or path ("example.com/feed") as https. Anything else (another scheme, spaces) is null.
 */
export function normaliseFollowUrl(input: string): string | null {
  const value = input.trim();
  if (!value || /\s/.test(value)) return null;
  if (/^rsshub:\/\/\S+/i.test(value)) return value;
  const withScheme = /^[a-z][a-z\d+.-]*:/i.test(value) ? value : `https://${value}`;
  const url = URL.parse(withScheme);
  if (!url || !/^https?:$/.test(url.protocol)) return null;
  const host = url.hostname;
  // A bare word ("news") is a typo more often than a host on the local network.
  if (!host.includes(".") && host !== "localhost" && !host.startsWith("[")) return null;
  return withScheme;
}

/** True when two feed addresses are the same once parsed (case of the host, default port, a bare "/"). */
export function sameFeedUrl(a: string, b: string): boolean {
  if (a === b) return true;
  const left = URL.parse(a);
  const right = URL.parse(b);
  return !!left && !!right && left.href.replace(/\/$/, "") === right.href.replace(/\/$/, "");
}
