import type { InboxSubscription, InboxSummary, Subscription } from "@tidings/contracts";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { apiAs, type Api } from "../helpers/api.ts";
import { createTestApp, signUp, type TestApp } from "../helpers/app.ts";
import { countRows, unreadCounts } from "../lists/timeline-counts.ts";
import { sendToInbox } from "./webhook-helpers.ts";

let t: TestApp;
let ann: Api;
let annId: string;
let bob: Api;

beforeEach(async () => {
  t = await createTestApp({ INBOX_EMAIL_SUFFIX: "in.example.com", MAX_INBOXES: "2", TRIAL_MAX_INBOXES: "1", INVITATIONS_REQUIRED: "true" });
  const a = await signUp(t, { email: "ann@example.com" });
  ann = apiAs(t, a.cookie);
  annId = a.userId;
  // Bob signs up second, with invitations required: a trial account.
  bob = apiAs(t, (await signUp(t, { email: "bob@example.com" })).cookie);
});
afterEach(async () => t.close());

describe("inboxes", () => {
  it("creates an inbox with a secret, subscribes its owner, shows, renames and deletes it", async () => {
    const created = await ann.post<InboxSummary>("/inboxes", { handle: " My-Box ", title: "Mail" });
    expect(created.status).toBe(200);
    const inbox = created.body.data!;
    expect(inbox).toEqual({
      type: "inbox",
      id: "my-box",
      title: "Mail",
      description: null,
      image: null,
      secret: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      ownerUserId: annId,
      email: "my-box@in.example.com",
    });
    const subscriptions = (await ann.get<Subscription[]>("/subscriptions")).body.data!;
    expect(subscriptions).toEqual([expect.objectContaining({ inboxId: "my-box", view: 0, userId: annId, inboxes: inbox })]);
    expect((await ann.get(`/inboxes?handle=MY-BOX`)).body.data).toEqual(inbox);
    expect((await ann.get<InboxSummary[]>("/inboxes/list")).body.data).toEqual([inbox]);

    const renamed = await ann.put<InboxSummary>("/inboxes", { handle: "my-box", title: "Letters" });
    expect(renamed.body.data).toEqual({ ...inbox, title: "Letters" });
    expect((await ann.put<InboxSummary>("/inboxes", { handle: "my-box", title: "" })).body.data!.title).toBeNull();

    expect(await ann.delete("/inboxes", { handle: "my-box" })).toMatchObject({ status: 200, body: { code: 0 } });
    expect(await ann.get("/inboxes?handle=my-box")).toMatchObject({ status: 404, body: { code: 10000 } });
    expect((await ann.get<Subscription[]>("/subscriptions")).body.data).toEqual([]);
    expect((await ann.get("/inboxes/list")).body.data).toEqual([]);
  });

  it("checks handles: 1002 for a bad one, 10001 for a taken one (any case)", async () => {
    for (const handle of ["ab", "a b c", "x".repeat(33), "dots.not.ok", "émile"]) {
      expect(await ann.post("/inboxes", { handle })).toMatchObject({ status: 400, body: { code: 1002 } });
    }
    expect(await ann.post("/inboxes", {})).toMatchObject({ status: 400, body: { code: 1002 } });
    expect((await ann.post<InboxSummary>("/inboxes", { handle: "ok_handle-1" })).body.data).toMatchObject({ id: "ok_handle-1", title: null });
    expect(await ann.post("/inboxes", { handle: "OK_HANDLE-1" })).toMatchObject({ status: 409, body: { code: 10001 } });
    expect(await bob.post("/inboxes", { handle: "ok_handle-1" })).toMatchObject({ status: 409, body: { code: 10001 } });
  });

  it("limits inboxes: 10002 at the instance limit, 1102 for trial accounts", async () => {
    expect((await ann.post("/inboxes", { handle: "one" })).status).toBe(200);
    expect((await ann.post("/inboxes", { handle: "two" })).status).toBe(200);
    expect(await ann.post("/inboxes", { handle: "three" })).toMatchObject({ status: 403, body: { code: 10002 } });
    expect((await bob.post("/inboxes", { handle: "bobs" })).status).toBe(200);
    expect(await bob.post("/inboxes", { handle: "bobs2" })).toMatchObject({ status: 403, body: { code: 1102 } });
  });

  it("keeps an inbox to its owner: 10003 for anybody else, 10000 when there is none", async () => {
    const inbox = (await ann.post<InboxSummary>("/inboxes", { handle: "private", title: "Ann's" })).body.data!;
    expect(await bob.get("/inboxes?handle=private")).toMatchObject({ status: 403, body: { code: 10003 } });
    expect(await bob.put("/inboxes", { handle: "private", title: "Bob's" })).toMatchObject({ status: 403, body: { code: 10003 } });
    expect(await bob.delete("/inboxes", { handle: "private" })).toMatchObject({ status: 403, body: { code: 10003 } });
    expect((await bob.get("/inboxes/list")).body.data).toEqual([]);
    expect(JSON.stringify((await bob.get("/inboxes?handle=private")).body)).not.toContain(inbox.secret);
    expect(await ann.get("/inboxes?handle=nothing")).toMatchObject({ status: 404, body: { code: 10000 } });
    expect(await ann.put("/inboxes", { handle: "nothing", title: "x" })).toMatchObject({ status: 404, body: { code: 10000 } });
    expect(await ann.delete("/inboxes", { handle: "nothing" })).toMatchObject({ status: 404, body: { code: 10000 } });
    expect(await ann.get("/inboxes")).toMatchObject({ status: 400, body: { code: 1002 } });
    expect(await ann.put("/inboxes", { title: "No handle" })).toMatchObject({ status: 400, body: { code: 1002 } });
    expect(await ann.delete("/inboxes", {})).toMatchObject({ status: 400, body: { code: 1002 } });
    expect((await ann.get("/inboxes?handle=private")).body.data).toEqual(inbox);
    expect(await apiAs(t, "").get("/inboxes/list")).toMatchObject({ status: 401, body: { code: 1000 } });
  });

  it("deleting an inbox removes its entries, timeline rows and counts", async () => {
    const inbox = (await ann.post<InboxSummary>("/inboxes", { handle: "gone" })).body.data!;
    const other = (await ann.post<InboxSummary>("/inboxes", { handle: "stays" })).body.data!;
    const sent = [];
    for (const guid of ["a", "b"]) sent.push(await sendToInbox(t, { handle: "gone", secret: inbox.secret }, { guid, title: guid }));
    await sendToInbox(t, { handle: "stays", secret: other.secret }, { guid: "c", title: "c" });
    expect((await ann.post("/collections", { entryId: sent[0]!.body.data!.id })).status).toBe(200);
    expect((await ann.get("/reads")).body.data).toEqual({ gone: 2, stays: 1 });

    await ann.delete("/inboxes", { handle: "gone" });
    expect((await ann.get("/reads")).body.data).toEqual({ stays: 1 });
    const counts = await unreadCounts(t, annId);
    expect(counts.kept).toEqual(counts.truth);
    expect(Object.values(counts.truth)).toEqual([1]);
    expect(await countRows(t, sql`SELECT count(*)::int AS n FROM entries WHERE inbox_id IS NOT NULL`)).toBe(1);
    expect(await countRows(t, sql`SELECT count(*)::int AS n FROM unread_counts WHERE user_id = ${annId}`)).toBe(1);
    expect(await countRows(t, sql`SELECT count(*)::int AS n FROM collections WHERE user_id = ${annId}`)).toBe(0);
    expect((await ann.get<Subscription[]>("/subscriptions")).body.data!.map((s) => (s as InboxSubscription).inboxId)).toEqual(["stays"]);
    expect(await sendToInbox(t, { handle: "gone", secret: inbox.secret }, { guid: "late" })).toMatchObject({ status: 404, body: { code: 10000 } });
  });
});
