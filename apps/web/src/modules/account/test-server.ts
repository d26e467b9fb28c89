import type { SessionPayload } from "@tidings/contracts";
import { vi } from "vitest";

/** A request the fake server saw (tests only). */
export interface SeenRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/**
 * Replaces fetch with a fake of the API and of better-auth (tests only): `routes` answers
 * "METHOD /path" with a Response; anything else is a 404.
 */
export function fakeServer(routes: Record<string, (request: SeenRequest) => Response | Promise<Response>>): SeenRequest[] {
  const seen: SeenRequest[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const parsed = new URL(url, "http://localhost");
      const body = typeof init.body === "string" ? (JSON.parse(init.body) as unknown) : init.body;
      const request = { method: init.method ?? "GET", path: parsed.pathname, query: parsed.searchParams, body };
      seen.push(request);
      const route = routes[`${request.method} ${request.path}`];
      return route ? route(request) : Response.json({ message: "not found" }, { status: 404 });
    }),
  );
  return seen;
}

/** A signed-in session as `get-session` answers it (tests only). */
export function sessionPayload(user: Partial<SessionPayload["user"]> & Record<string, unknown> = {}, role: SessionPayload["role"] = "user"): SessionPayload {
  return {
    user: {
      id: "u1",
      email: "ada@example.com",
      emailVerified: true,
      name: "Ada",
      image: null,
      handle: null,
      twoFactorEnabled: false,
      isAdmin: false,
      createdAt: "2026-01-01T00:00:00.000Z",
      updatedAt: "2026-01-01T00:00:00.000Z",
      ...user,
    },
    session: { id: "s1", userId: "u1", expiresAt: "2027-01-01T00:00:00.000Z", token: "t1" },
    role,
    invitation: null,
  };
}
