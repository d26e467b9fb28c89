import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signUp, type TestApp } from "../helpers/app.ts";

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp({ AVATAR_MAX_BYTES: "100000", INBOX_MAIL_MAX_BYTES: "200000" });
  ({ cookie } = await signUp(t, { email: "reader@example.com" }));
});
afterAll(() => t.close());

const KB = 1024;

function multipart(field: string, bytes: number, type: string) {
  const form = new FormData();
  form.set(field, new File([new Uint8Array(bytes)], "file", { type }));
  return form;
}

describe("request body limits", () => {
  it("refuses a JSON body over 256 KB with 413 and code 1002 before reading it", async () => {
    const response = await t.request("/api/reads", { method: "POST", cookie, headers: { "content-type": "application/json" }, body: JSON.stringify({ entryIds: ["1"], pad: "x".repeat(300 * KB) }) });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: 1002, reason: "The request body is larger than 256 KB" });
    // Just under the limit, the route reads it (and answers on its own terms).
    const under = await t.request("/api/reads", { method: "POST", cookie, headers: { "content-type": "application/json" }, body: JSON.stringify({ entryIds: ["1"], pad: "x".repeat(200 * KB) }) });
    expect(under.status).not.toBe(413);
  });

  it("applies to public routes too", async () => {
    const response = await t.request("/api/fever?api", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: `api_key=${"a".repeat(300 * KB)}` });
    expect(response.status).toBe(413);
  });

  it("takes an OPML import up to its 5 MB, and refuses more with 14001", async () => {
    const ok = await t.request("/api/subscriptions/import", { method: "POST", cookie, body: multipart("file", 1024 * KB, "text/x-opml") });
    expect(ok.status).not.toBe(413);
    const tooLarge = await t.request("/api/subscriptions/import", { method: "POST", cookie, body: multipart("file", 6 * 1024 * KB, "text/x-opml") });
    expect(tooLarge.status).toBe(413);
    expect(((await tooLarge.json()) as { code: number }).code).toBe(14001);
  });

  it("takes a Google Reader OPML import over 256 KB", async () => {
    const response = await t.request("/api/greader/reader/api/0/subscription/import", { method: "POST", body: "x".repeat(400 * KB) });
    expect(response.status).not.toBe(413);
  });

  it("holds an avatar to AVATAR_MAX_BYTES (14001), above the JSON default", async () => {
    const large = await t.request("/api/upload/avatar", { method: "POST", cookie, body: multipart("file", 90_000, "image/png") });
    expect(large.status).not.toBe(413);
    const tooLarge = await t.request("/api/upload/avatar", { method: "POST", cookie, body: multipart("file", 300 * KB, "image/png") });
    expect(tooLarge.status).toBe(413);
    expect(((await tooLarge.json()) as { code: number }).code).toBe(14001);
  });

  it("holds inbox mail to INBOX_MAIL_MAX_BYTES, and a webhook entry to 2 MB", async () => {
    const mail = await t.request("/api/inboxes/email", { method: "POST", headers: { "content-type": "message/rfc822" }, body: "x".repeat(300 * KB) });
    expect(mail.status).toBe(413);
    expect(((await mail.json()) as { code: number }).code).toBe(14001);
    const webhook = await t.request("/api/inboxes/webhook", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ content: "x".repeat(1024 * KB) }) });
    expect(webhook.status).not.toBe(413);
    const tooLarge = await t.request("/api/inboxes/webhook", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ content: "x".repeat(3 * 1024 * KB) }) });
    expect(tooLarge.status).toBe(413);
  });
});
