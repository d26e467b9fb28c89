import type { ListSummary } from "@tidings/contracts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { apiAs, type Api } from "../helpers/api.ts";
import { createTestApp, signUp, type TestApp } from "../helpers/app.ts";
import { seedFeed } from "../helpers/seed.ts";

let t: TestApp;
let ann: Api;
let annId: string;
let bob: Api;
let bobId: string;

beforeEach(async () => {
  t = await createTestApp({ MAX_LISTS: "2" });
  const a = await signUp(t, { email: "ann@example.com", name: "Ann" });
  const b = await signUp(t, { email: "bob@example.com", name: "Bob" });
  ann = apiAs(t, a.cookie);
  annId = a.userId;
  bob = apiAs(t, b.cookie);
  bobId = b.userId;
});
afterEach(async () => t.close());

const createList = async (api: Api, body: Record<string, unknown> = {}) =>
  (await api.post<ListSummary>("/lists", { title: "Reading", view: 0, fee: 0, ...body })).body.data!;

describe("lists", () => {
  it("creates, shows, edits and deletes a list", async () => {
    const created = await ann.post<ListSummary>("/lists", { title: " Tech ", description: "Good feeds", image: "https://img.example/l.png", view: 1, fee: 5 });
    expect(created.status).toBe(200);
    const list = created.body.data!;
    expect(list).toMatchObject({
      type: "list",
      title: "Tech",
      description: "Good feeds",
      image: "https://img.example/l.png",
      view: 1,
      fee: 5,
      feedIds: [],
      ownerUserId: annId,
      timelineUpdatedAt: null,
    });
    expect((await ann.get<ListSummary[]>("/lists/list")).body.data).toEqual([{ ...list, subscriptionCount: 0, purchaseAmount: "0" }]);

    const shown = await ann.get(`/lists?listId=${list.id}`);
    expect(shown.body).toEqual({
      code: 0,
      data: {
        list: { ...list, feeds: [], subscriptionCount: 0, owner: expect.objectContaining({ id: annId, name: "Ann" }) },
        entries: [],
        readCount: 0,
        subscriptionCount: 0,
        feedCount: 0,
      },
    });
    expect(JSON.stringify(shown.body)).not.toContain("ann@example.com");

    const edited = await ann.patch<ListSummary>("/lists", { listId: list.id, title: "Tech news", view: 2, image: "" });
    expect(edited.body.data).toMatchObject({ id: list.id, title: "Tech news", view: 2, image: null, description: "Good feeds", fee: 5 });
    expect(await ann.delete("/lists", { listId: list.id })).toMatchObject({ status: 200, body: { code: 0 } });
    expect(await ann.get(`/lists?listId=${list.id}`)).toMatchObject({ status: 404, body: { code: 8000 } });
    expect((await ann.get<ListSummary[]>("/lists/list")).body.data).toEqual([]);
  });

  it("rejects invalid input with 1002 and answers 8000 for a list that does not exist", async () => {
    expect(await ann.post("/lists", { view: 0, fee: 0 })).toMatchObject({ status: 400, body: { code: 1002 } });
    expect(await ann.post("/lists", { title: "  ", view: 0, fee: 0 })).toMatchObject({ status: 400, body: { code: 1002 } });
    expect(await ann.post("/lists", { title: "x", view: 9, fee: 0 })).toMatchObject({ status: 400, body: { code: 1002 } });
    expect(await ann.post("/lists", { title: "x", view: 0, fee: -1 })).toMatchObject({ status: 400, body: { code: 1002 } });
    expect(await ann.post("/lists", { title: "x", view: 0, fee: 0, image: "javascript:alert(1)" })).toMatchObject({ status: 400, body: { code: 1002 } });
    expect(await ann.get("/lists?listId=abc")).toMatchObject({ status: 400, body: { code: 1002 } });
    const list = await createList(ann);
    expect(await ann.patch("/lists", { listId: list.id, view: 9 })).toMatchObject({ status: 400, body: { code: 1002 } });
    expect(await ann.patch("/lists", { title: "No id" })).toMatchObject({ status: 400, body: { code: 1002 } });
    expect(await ann.delete("/lists", {})).toMatchObject({ status: 400, body: { code: 1002 } });
    const missing = t.deps.ids.next();
    expect(await ann.get(`/lists?listId=${missing}`)).toMatchObject({ status: 404, body: { code: 8000 } });
    expect(await ann.patch("/lists", { listId: missing, title: "x" })).toMatchObject({ status: 404, body: { code: 8000 } });
    expect(await ann.delete("/lists", { listId: missing })).toMatchObject({ status: 404, body: { code: 8000 } });
    // view and fee default to 0 when left out.
    expect((await ann.post<ListSummary>("/lists", { title: "Defaults" })).body.data).toMatchObject({ view: 0, fee: 0 });
  });

  it("limits the lists one account owns (8002)", async () => {
    await createList(ann);
    await createList(ann);
    expect(await ann.post("/lists", { title: "Third", view: 0, fee: 0 })).toMatchObject({ status: 403, body: { code: 8002 } });
    expect((await bob.post("/lists", { title: "Bob's", view: 0, fee: 0 })).status).toBe(200);
  });

  it("refuses to delete a followed list (8004) until its followers leave", async () => {
    const list = await createList(ann);
    expect((await bob.post("/subscriptions", { listId: list.id, view: 0 })).status).toBe(200);
    expect(await ann.delete("/lists", { listId: list.id })).toMatchObject({
      status: 409,
      body: { code: 8004, message: "Cannot delete a list with subscriptions." },
    });
    await bob.delete("/subscriptions", { listId: list.id });
    expect((await ann.delete("/lists", { listId: list.id })).status).toBe(200);
  });

  it("lets anyone read a list, and nobody but its owner change it", async () => {
    const { feedId } = await seedFeed(t, { count: 2 });
    const list = await createList(ann, { title: "Ann's", description: "Mine" });
    await ann.post("/lists/feeds", { listId: list.id, feedId });
    const seen = await bob.get<{ list: ListSummary; subscription?: unknown; entries: unknown[] }>(`/lists?listId=${list.id}`);
    expect(seen.body.data).toMatchObject({ list: { id: list.id, feedIds: [feedId] }, feedCount: 1, subscriptionCount: 0 });
    expect(seen.body.data!.entries).toHaveLength(2);
    expect(seen.body.data).not.toHaveProperty("subscription");

    expect(await bob.patch("/lists", { listId: list.id, title: "Bob's now" })).toMatchObject({ status: 403, body: { code: 8001 } });
    expect(await bob.delete("/lists", { listId: list.id })).toMatchObject({ status: 403, body: { code: 8001 } });
    expect(await bob.post("/lists/feeds", { listId: list.id, feedId: (await seedFeed(t, { count: 1 })).feedId })).toMatchObject({ status: 403, body: { code: 8001 } });
    expect(await bob.delete("/lists/feeds", { listId: list.id, feedId })).toMatchObject({ status: 403, body: { code: 8001 } });
    expect((await bob.get<ListSummary[]>("/lists/list")).body.data).toEqual([]);
    const after = await ann.get<{ list: ListSummary }>(`/lists?listId=${list.id}`);
    expect(after.body.data!.list).toMatchObject({ title: "Ann's", description: "Mine", feedIds: [feedId] });

    await bob.post("/subscriptions", { listId: list.id, view: 3, title: "From Ann", isPrivate: true });
    const followed = await bob.get(`/lists?listId=${list.id}`);
    expect(followed.body.data).toMatchObject({
      subscriptionCount: 1,
      subscription: { listId: list.id, userId: bobId, view: 3, title: "From Ann", isPrivate: true, createdAt: expect.any(String), lastViewedAt: null },
    });
    expect((await ann.get(`/lists?listId=${list.id}`)).body.data).not.toHaveProperty("subscription");
    expect((await ann.get<ListSummary[]>("/lists/list")).body.data![0]).toMatchObject({ subscriptionCount: 1, purchaseAmount: "0" });
  });

  it("requires a session", async () => {
    const anonymous = apiAs(t, "");
    expect(await anonymous.get("/lists/list")).toMatchObject({ status: 401, body: { code: 1000 } });
    expect(await anonymous.post("/lists", { title: "x", view: 0, fee: 0 })).toMatchObject({ status: 401, body: { code: 1000 } });
  });
});
