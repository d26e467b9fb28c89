import type { InboxSummary, TimelineItem } from "@tidings/contracts";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { apiAs, type Api } from "../helpers/api.ts";
import { createTestApp, signUp, type TestApp } from "../helpers/app.ts";
import { seedFeed } from "../helpers/seed.ts";
import { countRows, unreadCounts } from "../lists/timeline-counts.ts";
import { sendToInbox } from "./webhook-helpers.ts";

let t: TestApp;
let ann: Api;
let annId: string;
let bob: Api;
let entryIds: string[];

beforeEach(async () => {
  t = await createTestApp();
  const a = await signUp(t, { email: "ann@example.com" });
  ann = apiAs(t, a.cookie);
  annId = a.userId;
  bob = apiAs(t, (await signUp(t, { email: "bob@example.com" })).cookie);
  const inbox = (await ann.post<InboxSummary>("/inboxes", { handle: "box" })).body.data!;
  entryIds = [];
  // Newest first: m0 is the most recent.
  for (let i = 0; i < 3; i++) {
    const sent = await sendToInbox(t, { handle: "box", secret: inbox.secret }, { guid: `m${i}`, title: `M${i}`, content: `<p>Body ${i}</p>`, publishedAt: Date.UTC(2026, 10, 20 - i) });
    entryIds.push(sent.body.data!.id);
  }
});
afterEach(async () => t.close());

type InboxPage = { code: number; data?: TimelineItem[]; remaining?: number; total?: number };
const titles = (body: InboxPage) => (body.data ?? []).map((item) => item.entries.title);

describe("inbox entries", () => {
  it("pages an inbox newest first, with its unread count (remaining) and size (total)", async () => {
    const first = (await ann.post("/entries/inbox", { inboxId: "box", limit: 2 })).body as InboxPage;
    expect(first).toMatchObject({ code: 0, remaining: 3, total: 3 });
    expect(titles(first)).toEqual(["M0", "M1"]);
    expect(first.data![0]!.entries).not.toHaveProperty("content");
    const next = (await ann.post("/entries/inbox", { inboxId: "box", publishedAfter: first.data![1]!.entries.publishedAt })).body as InboxPage;
    expect(titles(next)).toEqual(["M2"]);

    await ann.post("/reads", { entryIds: [entryIds[0]] });
    const unread = (await ann.post("/entries/inbox", { inboxId: "BOX", read: false })).body as InboxPage;
    expect(unread).toMatchObject({ remaining: 2, total: 3 });
    expect(titles(unread)).toEqual(["M1", "M2"]);
    expect(await ann.post("/entries/inbox", {})).toMatchObject({ status: 400, body: { code: 1002 } });
    expect(await ann.post("/entries/inbox", { inboxId: "nothing" })).toMatchObject({ status: 404, body: { code: 10000 } });
  });

  it("shows one entry with its content to its owner only (3000 otherwise)", async () => {
    const item = await ann.get<TimelineItem>(`/entries/inbox?id=${entryIds[1]}`);
    expect(item.body.data).toMatchObject({ read: false, feeds: { type: "inbox", id: "box" }, entries: { id: entryIds[1], content: "<p>Body 1</p>", inboxHandle: "box" } });
    expect(await bob.get(`/entries/inbox?id=${entryIds[1]}`)).toMatchObject({ status: 404, body: { code: 3000 } });
    expect(await ann.get(`/entries/inbox?id=${t.deps.ids.next()}`)).toMatchObject({ status: 404, body: { code: 3000 } });
    const feed = await seedFeed(t, { count: 1, userId: annId });
    expect(await ann.get(`/entries/inbox?id=${feed.entryIds[0]}`)).toMatchObject({ status: 404, body: { code: 3000 } });
    expect(await ann.get("/entries/inbox?id=abc")).toMatchObject({ status: 400, body: { code: 1002 } });
  });

  it("deletes an entry for its owner, keeping the unread counts right", async () => {
    await ann.post("/reads", { entryIds: [entryIds[2]] });
    expect((await ann.get("/reads")).body.data).toEqual({ box: 2 });
    expect(await bob.delete("/entries/inbox", { entryId: entryIds[0] })).toMatchObject({ status: 404, body: { code: 3000 } });
    expect(await ann.delete("/entries/inbox", { entryId: entryIds[0] })).toMatchObject({ status: 200, body: { code: 0 } });
    // A read one: the count stays.
    expect(await ann.delete("/entries/inbox", { entryId: entryIds[2] })).toMatchObject({ status: 200 });
    expect((await ann.get("/reads")).body.data).toEqual({ box: 1 });
    const counts = await unreadCounts(t, annId);
    expect(counts.kept).toEqual(counts.truth);
    expect(await countRows(t, sql`SELECT count(*)::int AS n FROM entries WHERE inbox_id IS NOT NULL`)).toBe(1);
    expect((await ann.post("/entries/inbox", { inboxId: "box" })).body).toMatchObject({ remaining: 1, total: 1 });
    expect(await ann.delete("/entries/inbox", { entryId: entryIds[0] })).toMatchObject({ status: 404, body: { code: 3000 } });
    expect(await ann.delete("/entries/inbox", {})).toMatchObject({ status: 400, body: { code: 1002 } });
  });

  it("keeps another user out of the inbox's entries", async () => {
    expect(await bob.post("/entries/inbox", { inboxId: "box" })).toMatchObject({ status: 404, body: { code: 10000 } });
    expect(await bob.post("/reads/all", { inboxId: "box" })).toMatchObject({ status: 404, body: { code: 10000 } });
    expect((await bob.post<TimelineItem[]>("/entries", { view: 0 })).body.data).toEqual([]);
    expect(await bob.post("/collections", { entryId: entryIds[0] })).toMatchObject({ status: 404, body: { code: 3000 } });
    expect(await bob.get(`/entries?id=${entryIds[0]}`)).toMatchObject({ status: 404, body: { code: 3000 } });
    expect((await ann.post("/entries/inbox", { inboxId: "box" })).body).toMatchObject({ remaining: 3, total: 3 });
    expect(await apiAs(t, "").post("/entries/inbox", { inboxId: "box" })).toMatchObject({ status: 401, body: { code: 1000 } });
  });
});
