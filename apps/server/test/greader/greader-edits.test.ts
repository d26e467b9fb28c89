// Filing and following through the Google Reader API: subscription edits, folders renamed and
// removed, item labels and their streams, OPML out and in, quickadd under the private-network
// policy; every refusal leaves things as they were.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { startFeedServer, rssFeed } from "../helpers/feed-server.ts";
import { seedFeed } from "../helpers/seed.ts";
import { readerApp } from "./greader-helpers.ts";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({}, { loopbackIsPublic: true });
});
afterEach(async () => t.close());

type SubscriptionList = { subscriptions: { id: string; title: string; categories: { label: string }[] }[] };

describe("Google Reader API edits", () => {
  it("renames and files subscriptions, renames and removes folders, labels items", async () => {
    const app = await readerApp(t, "ann@example.com");
    const feed = await seedFeed(t, { userId: app.userId, count: 4, category: "News", title: "Daily" });
    const stream = `feed/${feed.feedId}`;

    expect(await (await app.call("subscription/edit", { form: { ac: "edit", s: stream, t: "My daily", a: "user/-/label/Reading" } })).text()).toBe("OK");
    let list = await app.json<SubscriptionList>("subscription/list");
    expect(list.subscriptions[0]).toMatchObject({ title: "My daily", categories: [{ label: "Reading" }] });
    expect((await app.api.get<{ category: string | null; title: string | null }[]>("/subscriptions")).body.data![0]).toMatchObject({ category: "Reading", title: "My daily" });

    expect(await (await app.call("rename-tag", { form: { s: "user/-/label/Reading", dest: "user/-/label/Later" } })).text()).toBe("OK");
    list = await app.json<SubscriptionList>("subscription/list");
    expect(list.subscriptions[0]!.categories).toEqual([{ id: "user/-/label/Later", label: "Later" }]);

    // Labels on items: their stream holds the folder's feeds and the labelled entries.
    const other = await seedFeed(t, { userId: app.userId, count: 2, title: "Other" });
    expect(await (await app.call("edit-tag", { form: { i: other.entryIds[0]!, a: "user/-/label/Keep" } })).text()).toBe("OK");
    const tags = await app.json<{ tags: { id: string; type?: string }[] }>("tag/list");
    expect(tags.tags).toContainEqual({ id: "user/-/label/Keep", type: "tag" });
    const kept = await app.json<{ itemRefs: { id: string }[] }>(`stream/items/ids?s=${encodeURIComponent("user/-/label/Keep")}&n=100`);
    expect(kept.itemRefs.map((ref) => ref.id)).toEqual([other.entryIds[0]]);
    const later = await app.json<{ itemRefs: { id: string }[] }>("stream/items/ids?s=user/-/label/Later&n=100");
    expect(later.itemRefs).toHaveLength(4);
    const contents = await app.json<{ items: { categories: string[] }[] }>("stream/items/contents", { form: { i: other.entryIds[0]! } });
    expect(contents.items[0]!.categories).toContain("user/-/label/Keep");

    // Mark a folder read: its feeds' entries go read in the web client too.
    expect(await (await app.call("mark-all-as-read", { form: { s: "user/-/label/Later", ts: String(Date.now() * 1000) } })).text()).toBe("OK");
    expect((await app.api.get<Record<string, number>>("/reads")).body.data).toEqual({ [other.feedId]: 2 });

    expect(await (await app.call("disable-tag", { form: { s: "user/-/label/Later" } })).text()).toBe("OK");
    list = await app.json<SubscriptionList>("subscription/list");
    expect(list.subscriptions.find((s) => s.id === stream)!.categories).toEqual([{ id: "user/-/label/Uncategorized", label: "Uncategorized" }]);

    expect(await (await app.call("subscription/edit", { form: { ac: "unsubscribe", s: stream } })).text()).toBe("OK");
    expect((await app.json<SubscriptionList>("subscription/list")).subscriptions.map((s) => s.id)).toEqual([`feed/${other.feedId}`]);
  });

  it("follows by quickadd and by OPML, and exports OPML; a second reader cannot reach a private address", async () => {
    const server = await startFeedServer();
    try {
      server.set("/a.xml", { body: rssFeed({ title: "Alpha", items: [{ guid: "1", title: "One" }] }) });
      server.set("/b.xml", { body: rssFeed({ title: "Beta", items: [{ guid: "1", title: "Uno" }] }) });
      const app = await readerApp(t, "ann@example.com");
      const added = await app.json<{ numResults: number; streamId: string; streamName: string }>("subscription/quickadd", { form: { quickadd: server.url("/a.xml") } });
      expect(added).toMatchObject({ numResults: 1, streamName: "Alpha" });
      const ids = await app.json<{ itemRefs: unknown[] }>(`stream/items/ids?s=${encodeURIComponent(added.streamId)}`);
      expect(ids.itemRefs).toHaveLength(1);

      const opml = await (await app.call("subscription/export")).text();
      expect(opml).toContain(server.url("/a.xml"));
      const imported = await t.request("/api/greader/reader/api/0/subscription/import", {
        method: "POST",
        headers: { authorization: `GoogleLogin auth=${app.auth}`, "content-type": "text/xml" },
        body: `<?xml version="1.0"?><opml version="2.0"><body><outline text="Beta" type="rss" xmlUrl="${server.url("/b.xml")}"/></body></opml>`,
      });
      expect([imported.status, await imported.text()]).toEqual([200, "OK"]);
      expect((await app.json<SubscriptionList>("subscription/list")).subscriptions).toHaveLength(2);

      // Bob is not an administrator: a loopback address other than the shared one is refused.
      const bob = await readerApp(t, "bob@example.com");
      const refused = await bob.call("subscription/quickadd", { form: { quickadd: "http://127.0.0.2:9/feed.xml" } });
      expect(refused.status).toBe(403);
      expect(await refused.text()).toMatch(/127\.0\.0\.2/);
      const viaEdit = await bob.call("subscription/edit", { form: { ac: "subscribe", s: "feed/http://127.0.0.2:9/feed.xml" } });
      expect(viaEdit.status).toBe(403);
      expect((await bob.json<SubscriptionList>("subscription/list")).subscriptions).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it("refuses bad edits and writes nothing", async () => {
    const app = await readerApp(t, "ann@example.com");
    const feed = await seedFeed(t, { userId: app.userId, count: 2, category: "News" });
    const before = await app.json<SubscriptionList>("subscription/list");
    const bad: Record<string, string>[] = [
      { ac: "edit", s: "feed/999999999999999999", t: "x" },
      { ac: "unsubscribe", s: "nonsense" },
      { ac: "explode", s: `feed/${feed.feedId}` },
      { ac: "edit", s: `feed/${feed.feedId}`, a: "user/-/state/com.google/starred" },
    ];
    for (const form of bad) {
      expect((await app.call("subscription/edit", { form })).status).toBe(400);
    }
    expect((await app.call("rename-tag", { form: { s: "feed/1", dest: "user/-/label/X" } })).status).toBe(400);
    expect((await app.call("mark-all-as-read", { form: { s: "user/-/state/com.google/reading-list", ts: "soon" } })).status).toBe(400);
    expect((await app.call("edit-tag", { form: { i: feed.entryIds[0]!, a: "user/-/state/com.google/nonsense/x" } })).status).toBe(400);
    // One unknown id among good ones: none of them is marked.
    expect((await app.call("edit-tag", { form: { i: [feed.entryIds[0]!, "123456789012345678"], a: "user/-/state/com.google/read" } })).status).toBe(400);
    expect((await app.api.get<Record<string, number>>("/reads")).body.data).toEqual({ [feed.feedId]: 2 });
    expect(await app.json<SubscriptionList>("subscription/list")).toEqual(before);
    // Reads of a write path by GET are refused.
    expect((await app.call("edit-tag?i=1&a=user/-/state/com.google/read")).status).toBe(405);
  });
});
