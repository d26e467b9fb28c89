// Malformed requests for every route of the app, drawn from a seeded generator (the same seed
// sends the same requests): wrong types, missing fields, huge strings, invalid JSON, wrong content
// types, odd ids and path segments, query arrays, unicode and NUL bytes, empty bodies, with and
// without a session. Used by `npm run fuzz:api` (through `@tidings/server/testing`) and the
// server's fuzz test.

/** A route as Hono lists it (`app.routes`). */
export interface RouteInfo {
  method: string;
  path: string;
}

export interface FuzzOptions {
  /** Answers one request (the app's `fetch`/`request`). */
  fetch: (request: Request) => Promise<Response>;
  routes: readonly RouteInfo[];
  requests: number;
  seed?: number;
  /** A signed-in reader's Cookie header; sent with about half of the requests. */
  cookie: string;
  origin: string;
  concurrency?: number;
}

export interface FuzzReport {
  sent: number;
  routes: number;
  byStatus: Record<string, number>;
  /** 502-504 answers of the documented upstream errors (an RSSHub instance, a feed, an AI provider away). */
  upstream: number;
  /** Requests answered 5xx otherwise, or that threw: what to fix. */
  failures: { method: string; url: string; status: number | string; body: string; sample: string }[];
}

/** The catalogue's codes of a service the server depends on failing (502-504), and readiness's 503. */
const UPSTREAM_CODES = new Set([2003, 11000, 11002, 11003, 13007, 15000]);
function isUpstreamError(path: string, status: number, body: string): boolean {
  if (path === "/readyz" && status === 503) return true;
  if (status < 502 || status > 504) return false;
  try {
    return UPSTREAM_CODES.has((JSON.parse(body) as { code?: number }).code ?? -1);
  } catch {
    return false;
  }
}

/** better-auth's endpoints (one wildcard route in the app) that do not end the fuzzer's session. */
const AUTH_ENDPOINTS = ["sign-in/email", "sign-up/email", "sign-in/social", "get-session", "get-providers", "send-verification-email", "verify-email", "request-password-reset", "reset-password", "change-email", "change-password", "set-password", "update-user", "list-sessions", "list-accounts", "get-account-info", "link-social", "unlink-account", "two-factor/verify-totp", "two-factor/verify-backup-code", "two-factor/generate-backup-codes"];

/** A request unanswered this long counts as a failure (a hang). */
const TIMEOUT_MS = 20_000;
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];
const KEYS = ["id", "ids", "feedId", "entryId", "entryIds", "listId", "inboxId", "userId", "view", "limit", "cursor", "publishedAfter", "read", "url", "q", "keyword", "w", "type", "handle", "name", "title", "email", "password", "category", "categories", "isPrivate", "amount", "code", "token", "folderMode", "s", "n", "c", "r", "i", "T", "output", "ot", "xt", "a", "api_key", "mark", "as", "actionId", "payload", "settings", "tab", "file", "content", "entries", "feedIds", "target", "TOTPCode", "rules", "stream", "language", "lng"];

function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A generator of junk values on a seeded random source. */
function junk(random: () => number) {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const strings = ["", " ", "0", "1", "-1", "1.5", "NaN", "Infinity", "1e400", "99999999999999999999999999", "9223372036854775808", "1234567890123456789", "abc", "null", "undefined", "true", "[]", "{}", "\u0000", "a\u0000b", "%00", "%", "%ZZ", "\uD800", "💥👩‍👩‍👧", "‮rtl", "<script>alert(1)</script>", "' OR 1=1 --", "../../etc/passwd", "..%2F..%2F", "javascript:alert(1)", "http://", "http://[::1", "http://127.0.0.2/", "file:///etc/passwd", "ftp://x", "rsshub://", "2026-13-45T99:99:99Z", "1970-01-01T00:00:00Z", "-0", "0x10", " 42 ", "\r\nX-Injected: 1", "__proto__", "constructor"];
  function string(): string {
    const roll = random();
    if (roll < 0.05) return "a".repeat(1 + Math.floor(random() * 100_000));
    if (roll < 0.1) return Array.from({ length: 1 + Math.floor(random() * 50) }, () => String.fromCharCode(Math.floor(random() * 0xffff))).join("");
    return pick(strings);
  }
  function value(depth = 0): unknown {
    const roll = random();
    if (roll < 0.3) return string();
    if (roll < 0.45) return pick([0, -1, 1, 1.5, 2 ** 53, -(2 ** 63), 1e308, Number.MAX_SAFE_INTEGER, 123456789012345]);
    if (roll < 0.55) return pick([true, false, null]);
    if (roll < 0.75 && depth < 4) return Array.from({ length: Math.floor(random() * 5) }, () => value(depth + 1));
    if (depth < 4) return object(depth + 1);
    return string();
  }
  function object(depth = 0): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (let i = Math.floor(random() * 6); i > 0; i--) out[random() < 0.9 ? pick(KEYS) : string()] = value(depth);
    return out;
  }
  function deep(): string {
    const depth = 500 + Math.floor(random() * 5000);
    return "[".repeat(depth) + "]".repeat(depth);
  }
  return { pick, string, value, object, deep };
}

function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return "%ED%A0%80"; // a lone surrogate, as bytes
  }
}

/** One malformed request for `route`. */
function makeRequest(route: RouteInfo, random: () => number, options: FuzzOptions): Request {
  const j = junk(random);
  const method = route.method === "ALL" ? j.pick(METHODS) : route.method;
  let path = route.path;
  if (path.endsWith("/*") && path.startsWith("/api/better-auth")) path = path.replace("/*", `/${j.pick(AUTH_ENDPOINTS)}`);
  path = path.replace(/:[A-Za-z_]+(\{[^}]*\})?/g, () => (random() < 0.3 ? j.pick(["1", "0", "1234567890123456789"]) : encode(j.string())));
  path = path.replace(/\*/g, () => (random() < 0.5 ? encode(j.string()) : "x/y/%2e%2e/z"));
  const query: string[] = [];
  for (let i = Math.floor(random() * 5); i > 0; i--) {
    const key = random() < 0.9 ? j.pick(KEYS) : encode(j.string());
    const count = random() < 0.2 ? 2 + Math.floor(random() * 3) : 1;
    for (let k = 0; k < count; k++) query.push(`${random() < 0.1 ? `${key}[]` : key}=${encode(String(j.value()))}`);
  }
  const url = `http://localhost${path}${query.length ? `?${query.join("&")}` : ""}`;
  const headers = new Headers({ origin: options.origin });
  if (random() < 0.5) headers.set("cookie", options.cookie);
  if (random() < 0.05) headers.set("authorization", j.pick(["GoogleLogin auth=junk", "Bearer x", "GoogleLogin auth=", "Basic !!!"]));
  let body: string | FormData | undefined;
  if (method !== "GET" && method !== "HEAD") {
    const roll = random();
    if (roll < 0.35) {
      headers.set("content-type", "application/json");
      body = JSON.stringify(random() < 0.7 ? j.object() : j.value());
    } else if (roll < 0.45) {
      headers.set("content-type", "application/json");
      body = j.pick(["", "{", "{\"a\":", "nul", "[1,2", "\u0000", "{\"__proto__\":{\"x\":1}}", j.deep(), "\"" + "a".repeat(300_000) + "\""]);
    } else if (roll < 0.6) {
      headers.set("content-type", "application/x-www-form-urlencoded");
      body = Object.entries(j.object()).map(([key, value]) => `${encode(key)}=${encode(String(value))}`).join("&");
    } else if (roll < 0.7) {
      const form = new FormData();
      for (const [key, value] of Object.entries(j.object())) form.set(key, random() < 0.5 ? new File([j.string()], j.string() || "f", { type: j.pick(["image/png", "text/x-opml", "application/octet-stream", ""]) }) : String(value));
      body = form;
    } else if (roll < 0.8) {
      headers.set("content-type", j.pick(["text/plain", "application/xml", "multipart/form-data", "multipart/form-data; boundary=x", "application/json; charset=utf-7", "image/png", "message/rfc822", "", "*/*"]));
      body = j.string();
    } else if (roll < 0.9) {
      body = undefined;
    } else {
      headers.set("content-type", "application/json");
      body = "";
    }
  }
  return new Request(url, { method, headers, ...(body !== undefined ? { body } : {}) });
}

/** The routes worth sending requests to: each method and path once, middleware-only entries left out. */
export function fuzzableRoutes(routes: readonly RouteInfo[]): RouteInfo[] {
  const seen = new Map<string, RouteInfo>();
  for (const route of routes) {
    if (route.path === "/*" || route.path === "*") continue;
    if (route.method === "ALL" && /\/\*$/.test(route.path) && !route.path.startsWith("/api/better-auth")) continue;
    if (/sign-out|revoke|delete-user/.test(route.path)) continue;
    seen.set(`${route.method} ${route.path}`, route);
  }
  return [...seen.values()];
}

/** Sends `requests` malformed requests spread over every route; answers counts by status and the 5xx. */
export async function fuzzApi(options: FuzzOptions): Promise<FuzzReport> {
  const routes = fuzzableRoutes(options.routes);
  const random = mulberry32(options.seed ?? 1);
  const report: FuzzReport = { sent: 0, routes: routes.length, byStatus: {}, upstream: 0, failures: [] };
  let next = 0;
  async function worker() {
    while (next < options.requests) {
      const route = routes[next++ % routes.length]!;
      let request: Request;
      try {
        request = makeRequest(route, random, options);
      } catch {
        continue; // a URL or header no client could send (fetch refuses it): nothing to ask
      }
      const sample = `${request.method} ${request.url.slice(0, 300)}`;
      let status: number | string;
      let text: string;
      try {
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(Object.assign(new Error(`no answer within ${TIMEOUT_MS} ms`), { name: "Timeout" })), TIMEOUT_MS);
        });
        try {
          const response = await Promise.race([options.fetch(request), timeout]);
          status = response.status;
          text = await Promise.race([response.text(), timeout]);
        } finally {
          clearTimeout(timer);
        }
      } catch (error) {
        status = `threw ${(error as Error).name}`;
        text = String((error as Error).message);
      }
      report.sent++;
      report.byStatus[String(status)] = (report.byStatus[String(status)] ?? 0) + 1;
      if (typeof status === "number" && isUpstreamError(route.path, status, text)) report.upstream++;
      else if (typeof status === "string" || status >= 500) report.failures.push({ method: route.method, url: route.path, status, body: text.slice(0, 300), sample });
    }
  }
  await Promise.all(Array.from({ length: options.concurrency ?? 4 }, worker));
  return report;
}
