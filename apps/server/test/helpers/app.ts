import { createApp, type App } from "../../src/app.ts";
import type { DatabaseHandle } from "../../src/db/client.ts";
import { createRoot, type Root } from "../../src/root.ts";
import { loadConfig } from "../../src/env.ts";
import type { Clock } from "../../src/lib/clock.ts";
import { scopeWithShared } from "../../src/lib/http/address-scope.ts";
import { createLogger } from "../../src/lib/logger.ts";
import { openTestDatabase } from "./database.ts";

export const TEST_ORIGIN = "http://localhost:3000";

export interface TestApp {
  app: App;
  /** What the composition root built (features' services, the database, the clock…). */
  deps: Root;
  database: DatabaseHandle & { url: string | null };
  /** A request through the whole app, in process, from the web origin. */
  request(path: string, init?: RequestInit & { json?: unknown; cookie?: string }): Promise<Response>;
  close(): Promise<void>;
}

/**
 * Where addresses lead when 127.0.0.1 stands in for a host on the internet (a feed's site, an
 * image host, a service readers use): public for the private-network policy, while the rest of
 * loopback (127.0.0.2, ::1) stays private. The app gets it as SHARED_PRIVATE_ADDRESSES=127.0.0.1.
 */
export const LOOPBACK_IS_PUBLIC = scopeWithShared(["127.0.0.1/32"]);

/**
 * The real app over a fresh database; `env` overrides configuration variables. `loopbackIsPublic`:
 * 127.0.0.1 counts as a public address (SHARED_PRIVATE_ADDRESSES, see {@link LOOPBACK_IS_PUBLIC}).
 */
export async function createTestApp(env: Record<string, string> = {}, options: { clock?: Clock; loopbackIsPublic?: boolean } = {}): Promise<TestApp> {
  const database = await openTestDatabase();
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: "/nonexistent", ...(options.loopbackIsPublic ? { SHARED_PRIVATE_ADDRESSES: "127.0.0.1" } : {}), ...env });
  const logger = createLogger({ level: process.env.TEST_LOG_LEVEL ?? "silent" });
  const deps = createRoot({
    config,
    logger,
    database,
    authSecret: "test-secret-".padEnd(40, "x"),
    ...(options.clock ? { clock: options.clock } : {}),
  });
  const app = createApp(deps);
  return {
    app,
    deps,
    database,
    request: requestThrough(app),
    close: async () => {
      await deps.feedReaders.close();
      deps.network.close();
      await deps.rateCounter.close();
      await database.close();
    },
  };
}

/** {@link TestApp.request} over `app`: in process, from the web origin, with a cookie and a JSON body when given. */
export function requestThrough(app: App): TestApp["request"] {
  return (path, init = {}) => {
    const { json, cookie, ...rest } = init;
    const headers = new Headers(rest.headers);
    headers.set("origin", TEST_ORIGIN);
    if (cookie) headers.set("cookie", cookie);
    if (json !== undefined) headers.set("content-type", "application/json");
    return Promise.resolve(app.request(path, { ...rest, method: rest.method ?? (json !== undefined ? "POST" : "GET"), headers, ...(json !== undefined ? { body: JSON.stringify(json) } : {}) }));
  };
}

/** The `name=value` pairs of a response's Set-Cookie headers, ready for a Cookie header. */
export function cookieFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}

/** Registers an account and answers its session cookie. */
export async function signUp(
  t: TestApp,
  account: { email: string; password?: string; name?: string },
): Promise<{ cookie: string; userId: string }> {
  const response = await t.request("/api/better-auth/sign-up/email", {
    json: { email: account.email, password: account.password ?? "correct horse battery", name: account.name ?? "Reader" },
  });
  if (response.status !== 200) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { user: { id: string } };
  return { cookie: cookieFrom(response), userId: body.user.id };
}
