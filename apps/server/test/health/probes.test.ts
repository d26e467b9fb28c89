import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/app.ts";
import { createHealthRepo, createReadiness } from "../../src/features/health/index.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";

describe("process probes", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("GET /healthz answers while the process lives, without a session", async () => {
    const response = await t.app.request("/healthz");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("GET /readyz answers ready on a reachable, migrated database", async () => {
    const response = await t.app.request("/readyz");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ready" });
  });

  it("GET /readyz answers 503 with the migrations missing", async () => {
    const [last] = await createHealthRepo(t.database.db).shippedMigrations().then((names) => names.slice(-1));
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`DELETE FROM "_migrations" WHERE "name" = ${last}`);
      const app = createApp(t.deps, { readiness: createReadiness(createHealthRepo(tx as never)) });
      const response = await app.request("/readyz");
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: "not ready", reason: `1 migration(s) not applied: ${last}` });
      tx.rollback();
    }).catch((error: unknown) => {
      if (!String(error).includes("Rollback")) throw error;
    });
  });

  it("GET /readyz answers 503 once shutdown has begun, and when the database does not answer", async () => {
    const readiness = createReadiness(createHealthRepo(t.database.db));
    const app = createApp(t.deps, { readiness });
    readiness.drain();
    const draining = await app.request("/readyz");
    expect(draining.status).toBe(503);
    expect(await draining.json()).toEqual({ status: "not ready", reason: "shutting down" });

    const hung = createReadiness({ ping: () => new Promise(() => {}), appliedMigrations: async () => [], shippedMigrations: async () => [] }, { timeoutMs: 50 });
    expect(await hung.check()).toEqual({ ready: false, reason: "the database did not answer within 50 ms" });
    const down = createReadiness({ ping: () => Promise.reject(new Error("connect ECONNREFUSED")), appliedMigrations: async () => [], shippedMigrations: async () => [] });
    expect(await down.check()).toEqual({ ready: false, reason: "the database is unreachable: connect ECONNREFUSED" });
  });
});
