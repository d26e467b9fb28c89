// The Google Reader API as apps use it: signing in with an app password, lists, item ids and
// contents, read and star state shared with the web client both ways.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { seedFeed } from "../helpers/seed.ts";
import { readerApp } from "./greader-helpers.ts";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

const READ = "user/-/state/com.google/read";
const STARRED = "user/-/state/com.google/starred";
const READING_LIST = "user/-/state/com.google/reading-list";

describe("Google Reader API", () => {
  it("signs in with an app password and lists subscriptions, tags and counts", async () => {
    const app = await readerApp(t, "ann@example.com");
    expect(app.login.status).toBe(200);
    expect(app.auth).toMatch(/^\d+\/[0-9a-f]{40}$/);
    const feed = await seedFeed(t, { userId: app.userId, count: 5, category: "Tech", title: "Tech feed" });
    await seedFeed(t, { userId: app.userId, count: 2, title: "Loose feed" });

    const info = await app.json<{ userEmail: string }>("user-info");
    expect(info.userEmail).toBe("ann@example.com");
    const list = await app.json<{ subscriptions: { id: string; title: string; categories: { id: string; label: string }[] }[] }>("subscription/list?output=json");
    expect(list.subscriptions.map((s) => s.title)).toEqual(["Loose feed", "Tech feed"]);
    expect(list.subscriptions[1]!.id).toBe(`feed/${feed.feedId}`);
    expect(list.subscriptions[1]!.categories).toEqual([{ id: "user/-/label/Tech", label: "Tech" }]);
    const tags = await app.json<{ tags: { id: string; type?: string }[] }>("tag/list?output=json");
    // A feed in no folder is in "Uncategorized", as apps need every subscription in one.
    expect(tags.tags).toEqual([{ id: STARRED }, { id: "user/-/label/Tech", type: "folder" }, { id: "user/-/label/Uncategorized", type: "folder" }]);
    expect(list.subscriptions[0]!.categories).toEqual([{ id: "user/-/label/Uncategorized", label: "Uncategorized" }]);
    const counts = await app.json<{ unreadcounts: { id: string; count: number }[] }>("unread-count?output=json");
    const byId = Object.fromEntries(counts.unreadcounts.map((c) => [c.id, c.count]));
    expect(byId).toMatchObject({ [`feed/${feed.feedId}`]: 5, "user/-/label/Tech": 5, "user/-/label/Uncategorized": 2, [READING_LIST]: 7 });

    // The same under FreshRSS's path.
    const viaPhp = await app.call("user-info", { base: "/api/greader.php" });
    expect(viaPhp.status).toBe(200);
  });

  it("pages item ids by continuation, excludes read ones, and shares read and star state with the web client", async () => {
    const app = await readerApp(t, "ann@example.com");
    const feed = await seedFeed(t, { userId: app.userId, count: 25 });
    const seen: string[] = [];
    let continuation: string | undefined;
    do {
      const page = await app.json<{ itemRefs: { id: string }[]; continuation?: string }>(
        `stream/items/ids?s=${encodeURIComponent(READING_LIST)}&xt=${encodeURIComponent(READ)}&n=10${continuation ? `&c=${continuation}` : ""}`,
      );
      seen.push(...page.itemRefs.map((ref) => ref.id));
      continuation = page.continuation;
    } while (continuation);
    expect(seen).toHaveLength(25);
    expect(new Set(seen).size).toBe(25);
    expect([...seen].sort()).toEqual([...feed.entryIds].sort());

    const first = seen[0]!;
    const long = `tag:google.com,2005:reader/item/${BigInt(first).toString(16).padStart(16, "0")}`;
    expect(await (await app.call("edit-tag", { form: { i: long, a: READ } })).text()).toBe("OK");
    expect(await (await app.call("edit-tag", { form: { i: first, a: STARRED } })).text()).toBe("OK");
    const reads = await app.api.get<Record<string, number>>("/reads");
    expect(reads.body.data![feed.feedId]).toBe(24);
    expect((await app.api.get<boolean>(`/collections?entryId=${first}`)).body.data).toBe(true);

    // The web client marks another read: the app no longer lists it.
    await app.api.post("/reads", { entryIds: [seen[1]!] });
    const unread = await app.json<{ itemRefs: { id: string }[] }>(`stream/items/ids?s=${READING_LIST}&xt=${READ}&n=1000`);
    expect(unread.itemRefs.map((r) => r.id)).not.toContain(seen[1]);
    expect(unread.itemRefs).toHaveLength(23);
    const starred = await app.json<{ itemRefs: { id: string }[] }>(`stream/items/ids?s=${STARRED}&n=1000`);
    expect(starred.itemRefs.map((r) => r.id)).toEqual([first]);

    const contents = await app.json<{ items: { id: string; categories: string[]; origin: { streamId: string } }[] }>("stream/items/contents", { form: { i: [first, seen[2]!] } });
    expect(contents.items.map((item) => item.id)).toEqual([long, `tag:google.com,2005:reader/item/${BigInt(seen[2]!).toString(16).padStart(16, "0")}`]);
    expect(contents.items[0]!.categories).toEqual(expect.arrayContaining([READING_LIST, READ, STARRED]));
    expect(contents.items[1]!.categories).not.toContain(READ);
    expect(contents.items[0]!.origin.streamId).toBe(`feed/${feed.feedId}`);

    expect(await (await app.call("mark-all-as-read", { form: { s: `feed/${feed.feedId}` } })).text()).toBe("OK");
    expect((await app.api.get<Record<string, number>>("/reads")).body.data![feed.feedId]).toBeUndefined();
  });

  it("answers bad input with 401 or 400 and writes nothing", async () => {
    const app = await readerApp(t, "ann@example.com");
    const bob = await readerApp(t, "bob@example.com");
    const feed = await seedFeed(t, { userId: app.userId, count: 3 });

    const wrongLogin = await t.request("/api/greader/accounts/ClientLogin", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "Email=ann@example.com&Passwd=nope" });
    expect(wrongLogin.status).toBe(401);
    expect(await t.request("/api/greader/reader/api/0/user-info").then((r) => r.status)).toBe(401);
    const forged = await t.request("/api/greader/reader/api/0/user-info", { headers: { authorization: `GoogleLogin auth=${app.passwordId}/${"0".repeat(40)}` } });
    expect([forged.status, await forged.text()]).toEqual([401, "Unauthorized"]);

    expect((await app.call("stream/items/ids?s=feed/123456789012345")).status).toBe(400);
    expect((await app.call("stream/items/ids?s=nonsense")).status).toBe(400);
    expect((await app.call("stream/items/contents", { form: { i: "tag:google.com,2005:reader/item/zz" } })).status).toBe(400);
    expect((await app.call("edit-tag", { form: { i: "abc", a: READ } })).status).toBe(400);
    expect((await app.call("stream/items/ids?s=user/-/state/com.google/reading-list&n=x")).status).toBe(400);

    // Bob's token cannot read or write Ann's: his own stream of Ann's feed is unknown to him.
    expect((await bob.call(`stream/items/ids?s=feed/${feed.feedId}`)).status).toBe(400);
    // A wrong edit token is refused before anything is written.
    const badT = await app.call("edit-tag", { form: { i: feed.entryIds[0]!, a: READ, T: "x".repeat(57) } });
    expect(badT.status).toBe(401);
    expect(badT.headers.get("google-bad-token")).toBe("true");
    expect((await app.api.get<Record<string, number>>("/reads")).body.data![feed.feedId]).toBe(3);

    // Revoking the password ends its tokens.
    await app.api.delete(`/app-passwords/${app.passwordId}`);
    expect((await app.call("user-info")).status).toBe(401);
  });
});
