import type { RsshubInstance, RsshubStatus } from "@tidings/contracts";

/** An instance as `GET /rsshub/list` shows it (tests only). */
export function rsshubInstance(over: Partial<RsshubInstance> = {}): RsshubInstance {
  return {
    id: "1800000000000000101",
    description: "Harbour RSSHub",
    ownerUserId: "1800000000000000900",
    owner: { id: "1800000000000000900", name: "Ada", handle: "ada", image: null },
    price: 0,
    userLimit: null,
    userCount: 2,
    status: "ok",
    errorMessage: null,
    checkedAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    createdAt: "2026-01-01T00:00:00Z",
    isOwner: false,
    inUse: false,
    ...over,
  };
}

/** `GET /rsshub/status` for a reader on the server's default (tests only). */
export function rsshubStatus(over: Partial<RsshubStatus> = {}): RsshubStatus {
  return {
    purchase: null,
    usage: null,
    instance: null,
    default: { baseUrl: "https://rsshub.default.example", status: "ok", errorMessage: null, checkedAt: null },
    catalogue: { source: "default", fetchedAt: null },
    ...over,
  };
}

/** A JSON envelope answer (tests only). */
export const ok = (data: unknown) => () => Response.json({ code: 0, data });

/** An error answer (tests only). */
export const refuse = (status: number, code: number, message: string, reason?: string) => () =>
  Response.json({ code, message, ...(reason ? { reason } : {}) }, { status });
