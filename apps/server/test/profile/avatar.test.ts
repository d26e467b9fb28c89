import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { files } from "../../src/db/schema/index.ts";
import { createTestApp, signUp, type TestApp } from "../helpers/app.ts";

/** A real 1×1 PNG. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");
/** The header of a GIF is enough for the check: it reads the bytes, not the name. */
const GIF = Buffer.concat([Buffer.from("GIF89a"), Buffer.from([1, 0, 1, 0, 0, 0, 0, 0x3b])]);
const MAX_BYTES = 2048;

let t: TestApp;
let cookie: string;
let otherCookie: string;

beforeAll(async () => {
  t = await createTestApp({ AVATAR_MAX_BYTES: String(MAX_BYTES) });
  cookie = (await signUp(t, { email: "ann@example.com", name: "Ann" })).cookie;
  otherCookie = (await signUp(t, { email: "bob@example.com", name: "Bob" })).cookie;
});
afterAll(async () => t.close());

function upload(bytes: Uint8Array, options: { name?: string; type?: string; cookie?: string | undefined; field?: string } = {}) {
  const form = new FormData();
  form.append(options.field ?? "file", new Blob([bytes], { type: options.type ?? "image/png" }), options.name ?? "avatar.png");
  return t.request("/api/upload/avatar", { method: "POST", body: form, ...("cookie" in options ? (options.cookie ? { cookie: options.cookie } : {}) : { cookie }) });
}

async function sessionImage(of = cookie): Promise<string | null> {
  const session = (await (await t.request("/api/better-auth/get-session", { cookie: of })).json()) as { user: { image: string | null } };
  return session.user.image;
}

const pathOf = (url: string) => new URL(url).pathname;

describe("POST /upload/avatar", () => {
  it("stores a PNG, sets it as the avatar, and serves it publicly as inert, cacheable bytes", async () => {
    const response = await upload(PNG, { name: "me.txt", type: "text/plain" });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { code: number; data: { url: string } };
    expect(body).toEqual({ code: 0, data: { url: expect.stringMatching(/^http:\/\/localhost:3000\/api\/files\/\d+$/) } });
    expect(await sessionImage()).toBe(body.data.url);

    const served = await t.request(pathOf(body.data.url));
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
    const etag = `"${createHash("sha256").update(PNG).digest("hex")}"`;
    expect(Object.fromEntries(["content-type", "cache-control", "etag", "x-content-type-options", "content-security-policy"].map((name) => [name, served.headers.get(name)]))).toEqual({
      "content-type": "image/png",
      "cache-control": "public, max-age=31536000, immutable",
      etag,
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'",
    });
    const again = await t.request(pathOf(body.data.url), { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });

  it("replaces the previous avatar and deletes its file; another user's files stay", async () => {
    const bob = (await (await upload(PNG, { cookie: otherCookie })).json()) as { data: { url: string } };
    const first = (await (await upload(PNG)).json()) as { data: { url: string } };
    const second = await upload(GIF, { name: "x.gif", type: "image/gif" });
    expect(second.status).toBe(200);
    const { url } = ((await second.json()) as { data: { url: string } }).data;
    expect(url).not.toBe(first.data.url);
    expect(await sessionImage()).toBe(url);
    expect((await t.request(pathOf(url))).headers.get("content-type")).toBe("image/gif");
    const gone = await t.request(pathOf(first.data.url));
    expect(gone.status).toBe(404);
    expect((await t.request(pathOf(bob.data.url))).status).toBe(200);
    const annId = pathOf(url).split("/").pop()!;
    const [row] = await t.deps.db.select({ userId: files.userId }).from(files).where(eq(files.id, annId));
    expect((await t.deps.db.select().from(files).where(eq(files.userId, row!.userId)))).toHaveLength(1);
  });

  it("refuses what is not an image with 14000, whatever its name or declared type", async () => {
    const before = await sessionImage();
    for (const bytes of [Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>"), Buffer.from("<!doctype html><p>hi")]) {
      const response = await upload(bytes, { name: "avatar.png", type: "image/png" });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: 14000, message: "Invalid file" });
    }
    expect(await sessionImage()).toBe(before);
  });

  it("refuses a file over the limit with 14001 and a reason naming the limit", async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(MAX_BYTES)]);
    const response = await upload(big);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ code: 14001, message: "File too large", reason: "File size must be less than 2 KB" });
    // A body far beyond the limit is cut off while it streams in, with the same answer.
    const huge = await upload(Buffer.concat([PNG, Buffer.alloc(MAX_BYTES * 64)]));
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ code: 14001 });
  });

  it("answers 14000 without a file, 1000 signed out", async () => {
    const wrongField = await upload(PNG, { field: "image" });
    expect(wrongField.status).toBe(400);
    expect(await wrongField.json()).toMatchObject({ code: 14000 });
    const json = await t.request("/api/upload/avatar", { json: { file: "x" }, cookie });
    expect(await json.json()).toMatchObject({ code: 14000 });
    // A multipart type without its boundary (the fuzzer found it answered 500).
    const noBoundary = await t.request("/api/upload/avatar", { method: "POST", headers: { "content-type": "multipart/form-data" }, body: "file=x", cookie });
    expect(noBoundary.status).toBe(400);
    expect(await noBoundary.json()).toMatchObject({ code: 14000 });
    const signedOut = await upload(PNG, { cookie: undefined });
    expect(signedOut.status).toBe(401);
    expect(await signedOut.json()).toMatchObject({ code: 1000 });
  });
});

describe("GET /files/:id", () => {
  it("answers 404 for an unknown or malformed id", async () => {
    expect((await t.request(`/api/files/${t.deps.ids.next()}`)).status).toBe(404);
    expect((await t.request("/api/files/..%2Fetc")).status).toBe(404);
  });
});
