import type { SessionPayload } from "@tidings/contracts";
import { queryOptions } from "@tanstack/react-query";
import { AUTH_BASE_PATH } from "@tidings/contracts";
import { ApiError } from "../lib/api-client.ts";
import { storage } from "../lib/storage.ts";

const LAST_SESSION_KEY = "session:last";

/** The last session the server confirmed, for starting offline (spec §1 offline support). */
function lastSession(): SessionPayload | null {
  try {
    const stored = storage.get(LAST_SESSION_KEY);
    return stored ? (JSON.parse(stored) as SessionPayload) : null;
  } catch {
    return null;
  }
}

export const sessionKeys = {
  all: ["session"] as const,
};

/** `GET /api/better-auth/get-session`: the signed-in account with its role, or `null`. */
export async function fetchSession(): Promise<SessionPayload | null> {
  const url = `${AUTH_BASE_PATH}/get-session`;
  let response: Response;
  try {
    response = await fetch(url, { credentials: "include" });
  } catch (cause) {
    // Offline: the reader goes on with what this device knows; the server is asked again later.
    const known = lastSession();
    if (known) return known;
    throw new ApiError({ method: "GET", url, cause });
  }
  if (!response.ok) throw new ApiError({ method: "GET", url, status: response.status, statusText: response.statusText });
  const session = (await response.json()) as SessionPayload | null;
  // Never the token: the cookie carries it, and local storage is readable by any script of the page.
  if (session) storage.set(LAST_SESSION_KEY, JSON.stringify({ ...session, session: { ...session.session, token: "" } }));
  else storage.remove(LAST_SESSION_KEY);
  return session;
}

export const sessionQuery = queryOptions({
  queryKey: sessionKeys.all,
  queryFn: fetchSession,
  staleTime: 60_000,
});
