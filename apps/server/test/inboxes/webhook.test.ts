import type { InboxSummary, TimelineItem } from "@tidings/contracts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { apiAs, type Api } from "../helpers/api.ts";
import { createTestApp, signUp, type TestApp } from "../helpers/app.ts";
import { unreadCounts } from "../lists/timeline-counts.ts";
import { sendToInbox } from "./webhook-helpers.ts";

let t: TestApp;
let ann: Api;
let annId: string;
let bobCookie: string;
let inbox: InboxSummary;

beforeEach(async () => {
  t = await createTestApp();
  const a = await signUp(t, { email: "ann@example.com" });
  ann = apiAs(t, a.cookie);
  annId = a.userId;
  bobCookie = (await signUp(t, { email: "bob@example.com" })).cookie;
  inbox = (await ann.post<InboxSummary>("/inboxes", { handle: "news", title: "News" })).body.data!;
});
afterEach(async () => t.close());

const send = (body: unknown) => sendToInbox(t, { handle: "news", secret: inbox.secret }, body);
const page = async () => (await ann.post<TimelineItem[]>("/entries/inbox", { inboxId: "news" })).body;

describe("POST /inboxes/webhook", () => {
  it("stores a sanitised entry and delivers it to the owner's inbox, without a session", async () => {
    const sent = await send({
      guid: "m1",
      publishedAt: "2026-11-20T10:00:00Z",
      title: "Hello",
      url: "https://mail.example/m1",
      content: '<p onclick="x()">Hi <a href="/more">there</a></p><script>alert(1)</script>',
      author: "Sender",
      media: [{ url: "https://mail.example/p.png", type: "photo", width: 10, unknown: true }],
      categories: ["a", "a", "b"],
      attachments: [{ url: "https://mail.example/f.mp3", mime_type: "audio/mpeg", size_in_bytes: 3 }],
      extra: { links: [{ url: "https://mail.example/l", type: "text/html", content_html: "<b>x</b><script>y</script>" }] },
    });
    expect(sent).toMatchObject({ status: 200, body: { code: 0, data: { id: expect.stringMatching(/^\d+$/) } } });
    expect((await ann.get("/reads")).body.data).toEqual({ news: 1 });

    const { data, remaining, total } = await page();
    expect({ remaining, total }).toEqual({ remaining: 1, total: 1 });
    const item = data![0]!;
    expect(item.read).toBe(false);
    expect(item.feeds).toEqual(inbox);
    expect(item.entries).toMatchObject({
      id: sent.body.data!.id,
      guid: "m1",
      title: "Hello",
      url: "https://mail.example/m1",
      description: "Hi there",
      author: "Sender",
      publishedAt: "2026-11-20T10:00:00.000Z",
      feedId: null,
      inboxHandle: "news",
      media: [{ url: "https://mail.example/p.png", type: "photo", width: 10 }],
      categories: ["a", "b"],
      attachments: [{ url: "https://mail.example/f.mp3", mime_type: "audio/mpeg", size_in_bytes: 3 }],
      extra: { links: [{ url: "https://mail.example/l", type: "text/html", content_html: "<b>x</b>" }] },
    });
    const full = (await ann.get<TimelineItem>(`/entries/inbox?id=${sent.body.data!.id}`)).body.data!;
    expect(full.entries.content).toContain('href="https://mail.example/more"');
    expect(full.entries.content).not.toMatch(/script|onclick/);
  });

  it("updates an entry sent again with the same guid instead of adding one", async () => {
    const first = await send({ guid: "same", title: "Draft", publishedAt: 1_790_000_000_000 });
    const second = await send({ guid: "same", title: "Final", content: "<p>Done</p>", publishedAt: 1_800_000_000_000 });
    expect(second.body.data!.id).toBe(first.body.data!.id);
    const { data, remaining, total } = await page();
    expect({ remaining, total }).toEqual({ remaining: 1, total: 1 });
    expect(data![0]!.entries).toMatchObject({ title: "Final", description: "Done", publishedAt: new Date(1_790_000_000_000).toISOString() });
  });

  it("stores an entry read when asked, and settles the publication time", async () => {
    const before = Date.now();
    await send({ guid: "r", read: true, publishedAt: "1800000000000" });
    await send({ guid: "no-date" });
    await send({ guid: "bad-date", publishedAt: "yesterday-ish" });
    expect((await ann.get("/reads")).body.data).toEqual({ news: 2 });
    const counts = await unreadCounts(t, annId);
    expect(counts.kept).toEqual(counts.truth);
    const items = (await page()).data!;
    const byGuid = new Map(items.map((item) => [item.entries.guid, item]));
    expect(byGuid.get("r")).toMatchObject({ read: true, entries: { publishedAt: new Date(1_800_000_000_000).toISOString() } });
    for (const guid of ["no-date", "bad-date"]) expect(Date.parse(byGuid.get(guid)!.entries.publishedAt)).toBeGreaterThanOrEqual(before - 1000);
  });

  it("delivers into the view of the owner's inbox subscription", async () => {
    await ann.patch("/subscriptions", { inboxId: "news", view: 2 });
    await send({ guid: "v" });
    expect((await ann.get("/reads?view=2")).body.data).toEqual({ news: 1 });
    expect((await ann.get("/reads?view=0")).body.data).toEqual({});
  });

  it("authenticates by handle and secret: 10000 for an unknown handle, 10003 for a wrong or missing secret", async () => {
    const other = (await ann.post<InboxSummary>("/inboxes", { handle: "other" })).body.data!;
    const body = { guid: "x" };
    expect(await sendToInbox(t, { handle: "nobody", secret: inbox.secret }, body)).toMatchObject({ status: 404, body: { code: 10000 } });
    expect(await sendToInbox(t, { secret: inbox.secret }, body)).toMatchObject({ status: 404, body: { code: 10000 } });
    expect(await sendToInbox(t, { handle: "news", secret: `${inbox.secret}x` }, body)).toMatchObject({ status: 403, body: { code: 10003 } });
    expect(await sendToInbox(t, { handle: "news", secret: "" }, body)).toMatchObject({ status: 403, body: { code: 10003 } });
    expect(await sendToInbox(t, { handle: "news" }, body)).toMatchObject({ status: 403, body: { code: 10003 } });
    expect(await sendToInbox(t, { handle: "news", secret: other.secret }, body)).toMatchObject({ status: 403, body: { code: 10003 } });
    // Another user's session is no key either.
    expect(await sendToInbox(t, { handle: "news", cookie: bobCookie }, body)).toMatchObject({ status: 403, body: { code: 10003 } });
    // The handle header is case-insensitive, like handles.
    expect((await sendToInbox(t, { handle: "NEWS", secret: inbox.secret }, body)).status).toBe(200);
    expect((await page()).total).toBe(1);
  });

  it("answers 1002 for a body that is no entry", async () => {
    for (const body of ["not json", {}, { guid: "" }, { guid: "x", url: "javascript:alert(1)" }, { guid: "x", media: [{ url: "/rel.png", type: "photo" }] }, { guid: "x", read: "yes" }]) {
      expect(await send(body)).toMatchObject({ status: 400, body: { code: 1002 } });
    }
    expect((await page()).total).toBe(0);
  });
});
