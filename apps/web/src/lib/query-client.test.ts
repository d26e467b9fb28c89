import { describe, expect, it } from "vitest";
import { ApiError } from "./api-client.ts";
import { shouldRetry } from "./query-client.ts";

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
