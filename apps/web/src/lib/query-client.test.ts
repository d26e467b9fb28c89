import { describe, expect, it } from "vitest";
import { ApiError } from "./api-client.ts";
import { retryDelay, shouldRetry } from "./query-client.ts";

const failure = (status?: number) => new ApiError({ method: "GET", url: "/api/x", ...(status ? { status } : {}) });

describe("shouldRetry (spec §7)", () => {
  it.each([400, 401, 403, 404, 422])("never retries a %d", (status) => {
    expect(shouldRetry(0, failure(status))).toBe(false);
  });

  it("never retries an unknown status", () => {
    expect(shouldRetry(0, failure())).toBe(false);
    expect(shouldRetry(0, new Error("boom"))).toBe(false);
  });

  it.each([408, 429, 500, 502, 503])("retries a %d up to 3 times", (status) => {
    expect(shouldRetry(0, failure(status))).toBe(true);
    expect(shouldRetry(2, failure(status))).toBe(true);
    expect(shouldRetry(3, failure(status))).toBe(false);
  });
});

describe("retryDelay", () => {
  const answered = (status: number, retryAfter: string | null) => new ApiError({ method: "GET", url: "/api/x", status, retryAfter });

  it("waits 1 s without a Retry-After", () => {
    expect(retryDelay(1, answered(500, null))).toBe(1000);
    expect(retryDelay(1, new Error("boom"))).toBe(1000);
  });

  it("waits what a 503 (database away) or a 429 asks for, between 1 s and 30 s", () => {
    expect(retryDelay(1, answered(503, "5"))).toBe(5000);
    expect(retryDelay(1, answered(429, "0"))).toBe(1000);
    expect(retryDelay(1, answered(429, "3600"))).toBe(30_000);
    expect(retryDelay(1, answered(503, "soon"))).toBe(1000);
  });
});
