import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fuzzApi } from "../helpers/api-fuzzer.ts";
import { createTestApp, signUp, TEST_ORIGIN, type TestApp } from "../helpers/app.ts";

// The CI-sized run of `npm run fuzz:api`: 1000 malformed requests over every route; FUZZ_SEED
// picks another set.
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp({ PRIVATE_NETWORKS_FOR: "none", RATE_LIMIT_AUTH_PER_MINUTE: "0", RATE_LIMIT_PUBLIC_PER_MINUTE: "0", AVATAR_SERVICES: "", RSSHUB_URL: "http://127.0.0.2:9" });
  ({ cookie } = await signUp(t, { email: "fuzz@example.com" }));
});
afterAll(() => t.close());

describe("API fuzzing", () => {
  it("answers 1000 malformed requests over every route without a 5xx beyond the documented upstream errors", { timeout: 120_000 }, async () => {
    const report = await fuzzApi({ fetch: (request) => Promise.resolve(t.app.fetch(request)), routes: t.app.routes, requests: 1000, seed: Number(process.env.FUZZ_SEED ?? 1), cookie, origin: TEST_ORIGIN, concurrency: 8 });
    expect(report.routes).toBeGreaterThan(100);
    expect(report.sent).toBeGreaterThan(990);
    expect(report.failures).toEqual([]);
  });
});
