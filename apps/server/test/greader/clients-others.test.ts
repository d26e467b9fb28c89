/**
 * Smaller facts about other apps, from the servers that have to live with them.
 *
 * - FreshRSS, p/api/greader.php (checkToken): a POST's `T` is trimmed, and besides the real edit
 *   token it accepts an empty one ("FeedMe") and the literal "x" ("Reeder"). Those apps send that
 *   on every write, so refusing it breaks marking read and starring in them.
 * - FeedMe's sync, as its requests appear in FreshRSS issue #4618 (server log): tag/list?output=json,
 *   subscription/list?output=json, unread-count?output=json, then
 *   stream/items/ids?output=json&n=500&ot=0&s=user%2F-%2Fstate%2Fcom.google%2Fstarred: the stream id
 *   percent-encoded, and `ot=0` meaning "no lower bound".
 * - FreshRSS and Miniflux answer 401 to a missing or bad `Authorization` token; Read You and
 *   NetNewsWire take a 401 as "sign in again" (Read You retries once after a new ClientLogin).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { seedFeed } from "../helpers/seed.ts";
import { form, greaderClient, hex16, json, READ, READING_LIST, readerWithAppPassword, readFlagsOnWeb, STARRED, type Reader } from "./client-helpers.ts";

let t: TestApp;
let ann: Reader;
let feed: { feedId: string; entryIds: string[] };

beforeAll(async () => {
  t = await createTestApp();
  ann = await readerWithAppPassword(t, "ann@example.com", "Phone");
  feed = await seedFeed(t, { userId: ann.userId, count: 12, category: "Misc", title: "Misc" });
}, 60_000);
afterAll(async () => t.close());

async function signedIn(base = "/api/greader") {
  const client = greaderClient(t, base);
  const login = await client.post("accounts/ClientLogin", form([["Email", ann.email], ["Passwd", ann.password]]));
  expect(login.status, login.text).toBe(200);
  client.setAuth(/^Auth=(.+)$/m.exec(login.text)![1]!);
  return client;
}

describe("other apps", () => {
  it("FeedMe: its sync requests, then edit-tag with an empty T", async () => {
    const client = await signedIn();
    expect((await client.get("reader/api/0/tag/list?output=json")).status).toBe(200);
    expect((await client.get("reader/api/0/subscription/list?output=json")).status).toBe(200);
    const counts = json<{ unreadcounts: { id: string; count: number }[] }>(await client.get("reader/api/0/unread-count?output=json"));
    expect(counts.unreadcounts.find((row) => row.id === READING_LIST)?.count).toBe(12);
    const starred = await client.get(`reader/api/0/stream/items/ids?output=json&n=500&ot=0&s=${encodeURIComponent(STARRED)}`);
    expect(starred.status, starred.text).toBe(200);
    expect(json<{ itemRefs: unknown[] }>(starred).itemRefs).toEqual([]);
    const all = await client.get(`reader/api/0/stream/items/ids?output=json&n=500&ot=0&s=${encodeURIComponent(READING_LIST)}`);
    expect(new Set(json<{ itemRefs: { id: string }[] }>(all).itemRefs.map((ref) => ref.id))).toEqual(new Set(feed.entryIds));

    const edit = await client.post("reader/api/0/edit-tag", form([["T", ""], ["i", feed.entryIds[0]!], ["a", READ]]));
    expect(edit.status, edit.text).toBe(200);
    expect((await readFlagsOnWeb(ann.web, feed.feedId)).get(feed.entryIds[0]!)).toBe(true);
  });

  // FreshRSS lets Reeder's `T=x` through (Reeder's own source is closed; FreshRSS's checkToken is the evidence).
  it("Reeder: edit-tag with T=x marks read", async () => {
    const client = await signedIn("/api/greader.php");
    const edit = await client.post("reader/api/0/edit-tag", form([["T", "x"], ["i", `tag:google.com,2005:reader/item/${hex16(feed.entryIds[1]!)}`], ["a", READ]]));
    expect(edit.status, edit.text).toBe(200);
    expect((await readFlagsOnWeb(ann.web, feed.feedId)).get(feed.entryIds[1]!)).toBe(true);
  });

  it("a real edit token with whitespace around it is accepted; a wrong one is 401 with Google-Bad-Token and changes nothing", async () => {
    const client = await signedIn();
    const token = (await client.get("reader/api/0/token")).text;
    const ok = await client.post("reader/api/0/edit-tag", form([["T", ` ${token.trim()}\n`], ["i", feed.entryIds[2]!], ["a", STARRED]]));
    expect(ok.status, ok.text).toBe(200);
    const bad = await client.post("reader/api/0/edit-tag", form([["T", "0".repeat(57)], ["i", feed.entryIds[3]!], ["a", READ]]));
    expect(bad.status).toBe(401);
    expect(bad.headers.get("google-bad-token")).toBe("true");
    expect((await readFlagsOnWeb(ann.web, feed.feedId)).get(feed.entryIds[3]!)).toBe(false);
  });

  it("answers 401 to a missing or unknown token, so the apps sign in again", async () => {
    const client = greaderClient(t, "/api/greader");
    expect((await client.get("reader/api/0/subscription/list?output=json")).status).toBe(401);
    client.setAuth("1234567890/0000000000000000000000000000000000000000");
    expect((await client.get("reader/api/0/subscription/list?output=json")).status).toBe(401);
    const wrong = await client.post("accounts/ClientLogin", form([["Email", ann.email], ["Passwd", "not-the-password"]]));
    expect(wrong.status).toBe(401);
    expect(wrong.text).toContain("Error=BadAuthentication");
  });
});
