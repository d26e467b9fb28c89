import { gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, signUp, type TestApp } from "./helpers/app.ts";

let t: TestApp;
afterEach(async () => t?.close());

describe("API conventions", () => {
  it("answers success as {code: 0, data} with a request id", async () => {
    t = await createTestApp();
    const response = await t.request("/api/health");
    expect(response.status).toBe(200);
    expect(response.headers.get("x-request-id")).toBeTruthy();
    expect(await response.json()).toEqual({ code: 0, data: { status: "ok", version: "0.5.0", database: t.database.driver } });
  });

  it("answers an unknown route 404 with an error body", async () => {
    t = await createTestApp();
    const response = await t.request("/api/no-such-thing");
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 1002, message: "Invalid parameter", reason: expect.stringContaining("/api/no-such-thing") });
  });

  it("answers a protected route without a session 401 with code 1000", async () => {
    t = await createTestApp();
    const response = await t.request("/api/invitations");
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ code: 1000, message: "Unauthorized" });
  });

  it("answers invalid input 400 with code 1002 and what was wrong", async () => {
    t = await createTestApp();
    const { cookie } = await signUp(t, { email: "ann@example.com" });
    const missing = await t.request("/api/invitations/use", { json: { code: "" }, cookie });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ code: 1002, reason: expect.stringContaining("code") });

    const malformed = await t.request("/api/invitations/use", {
      method: "POST",
      cookie,
      headers: { "content-type": "application/json" },
      body: "{not json",
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ code: 1002 });
  });

  it("answers an unexpected failure 500 with code 1005 and no internals", async () => {
    t = await createTestApp();
    await t.database.close();
    const response = await t.request("/api/health");
    expect(response.status).toBe(500);
    const body = (await response.json()) as { code: number; message: string; reason: string };
    expect(body.code).toBe(1005);
    expect(body.message).toBe("Internal error");
    expect(body.reason).toMatch(/^request id /);
    t.close = async () => {};
  });

  it("compresses JSON answers for clients that accept gzip, and not for the others", async () => {
    t = await createTestApp();
    const { cookie } = await signUp(t, { email: "gzip@example.com" });
    // The RSSHub catalogue is a large JSON answer.
    const large = await t.request("/api/discover/rsshub", { cookie, headers: { "accept-encoding": "gzip" } });
    expect(large.status).toBe(200);
    expect(large.headers.get("content-encoding")).toBe("gzip");
    const body = JSON.parse(gunzipSync(Buffer.from(await large.arrayBuffer())).toString("utf8")) as { code: number };
    expect(body).toMatchObject({ code: 0 });
    const plain = await t.request("/api/discover/rsshub", { cookie });
    expect(plain.headers.get("content-encoding")).toBeNull();
  });
});
