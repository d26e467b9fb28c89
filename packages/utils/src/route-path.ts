/**
 * The segments of an RSSHub route path as RSSHub writes them (path-to-regexp:
 * `/issue/:user/:repo/:state?`, `/file/:user/:repo/:branch/:filepath{.+}`): split on "/", except
 * inside a parameter's `{regular expression}`, which may itself hold slashes. Empty segments are
 * dropped. Shared by the server (matching routes) and the client (building route forms).
 */
export function splitRoutePath(path: string): string[] {
  const parts: string[] = [];
  let current = "";
  let depth = 0;
  for (const char of path) {
    if (char === "{") depth++;
    else if (char === "}") depth = Math.max(0, depth - 1);
    if (char === "/" && depth === 0) {
      if (current) parts.push(current);
      current = "";
    } else current += char;
  }
  if (current) parts.push(current);
  return parts;
}
