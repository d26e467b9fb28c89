import { DESKTOP_SCHEME } from "@tidings/contracts";

/** What a `tidings://` link asks for (reference: auth, add, discover; any other path opens it). */
export type DeepLink =
  | { kind: "auth"; code: string; state: string }
  | { kind: "open"; path: string };

/** The first `tidings://` link among a launch's arguments (Windows and Linux pass it so). */
export function deepLinkOf(argv: readonly string[]): string | null {
  return argv.find((arg) => arg.toLowerCase().startsWith(`${DESKTOP_SCHEME}://`)) ?? null;
}

/**
 * Reads a deep link. `tidings://auth?code=&state=` completes a social sign-in;
 * `tidings://add?url=` opens the follow flow (`id=&type=feed|list` that feed's or list's page); `tidings://discover?route=`
 * the RSSHub route form; any other path opens that page of the app. Null for anything else.
 */
export function parseDeepLink(link: string): DeepLink | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (url.protocol !== `${DESKTOP_SCHEME}:`) return null;
  // `tidings://add?x` parses with "add" as the host; `tidings:///add` with it in the path.
  const name = (url.host || url.pathname.replace(/^\/+/, "").split("/")[0] || "").toLowerCase();
  const rest = url.host ? url.pathname : url.pathname.replace(/^\/+[^/]*/, "");
  const params = url.searchParams;
  switch (name) {
    case "auth": {
      const code = params.get("code");
      const state = params.get("state");
      return code && state ? { kind: "auth", code, state } : null;
    }
    case "add": {
      // A feed or list by its id opens its page (with Follow); an address opens the share target's follow flow.
      const id = params.get("id");
      const type = params.get("type");
      if (id && /^\d{1,20}$/.test(id) && (type === "list" || type === "feed")) return { kind: "open", path: `/share/${type}s/${id}` };
      const target = params.get("url");
      return target ? { kind: "open", path: `/share?${new URLSearchParams({ url: target })}` } : null;
    }
    case "discover": {
      const route = params.get("route");
      return { kind: "open", path: route ? `/discover?${new URLSearchParams({ route })}` : "/discover" };
    }
    default: {
      const path = `/${name}${rest}`.replace(/\/+$/, "") || "/";
      // Only a plain path of the app: no scheme-relative "//host", no "..".
      if (!/^\/[\w\-./]*$/.test(path) || path.startsWith("//") || path.split("/").includes("..")) return null;
      return { kind: "open", path: `${path}${url.search}` };
    }
  }
}
