import "fake-indexeddb/auto";
import type { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setDatabaseForTests, TidingsDatabase } from "../db/database.ts";
import { registerErrorReporter } from "../lib/notify.ts";
import { registerQueryClient } from "../lib/query-client-instance.ts";
import { createQueryClient } from "../lib/query-client.ts";
import { feedSubscription, inboxSubscription, listSubscription } from "../modules/subscription-column/test-fixtures.ts";
import { useSources, sourcesActions } from "../store/sources.store.ts";
import { subscriptionsActions, useSubscriptions } from "../store/subscriptions.store.ts";
import { claimFeed, deleteCategory, renameCategory, subscribe, unsubscribe, updateSubscription, updateSubscriptions } from "./subscription.actions.ts";

let db: TidingsDatabase;
let client: QueryClient;
const reported = vi.fn();

interface Call {
  url: string;
  method: string;
  body: unknown;
}

/**
 * The server at the fetch boundary: every call is recorded; answers wait until `release()` so a
 * test can look at the state in between.
 */
function server(answer: (call: Call) => { status: number; body: unknown } = () => ({ status: 200, body: { code: 0, data: null } })) {
  const calls: Call[] = [];
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      const call = { url, method: init.method ?? "GET", body: init.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      await gate;
      const { status, body } = answer(call);
      return new Response(JSON.stringify(body), { status });
    }),
  );
  return { calls, release };
}

const refuse = (code = 1005, status = 500) => () => ({ status, body: { code, message: "refused" } });
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
const stored = async () => (await db.subscriptions.toArray()).map((row) => row.subscription);

const tech = feedSubscription({ title: "Tech feed", category: "Tech" });
const tech2 = feedSubscription({ category: "Tech" });
const loose = feedSubscription();
const list = listSubscription({ title: "Reading list" });
const inbox = inboxSubscription({ handle: "mybox" });

beforeEach(() => {
  db = new TidingsDatabase(`subscriptions-${Math.random()}`);
  setDatabaseForTests(db);
  client = createQueryClient();
  registerQueryClient(client);
  registerErrorReporter(reported);
  reported.mockReset();
  subscriptionsActions.replace([tech, tech2, loose, list, inbox]);
  sourcesActions.clear();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await db.delete();
});

describe("updateSubscription", () => {
  it("changes the store at once, sends PATCH /subscriptions, then stores locally and refetches", async () => {
    const { calls, release } = server();
    const invalidate = vi.spyOn(client, "invalidateQueries");
    const done = updateSubscription(loose.feedId, { category: "  News  ", title: "" });
    expect(useSubscriptions.getState().byKey[loose.feedId]).toMatchObject({ category: "News", title: null });
    await tick();
    expect(calls).toEqual([{ url: "/api/subscriptions", method: "PATCH", body: { feedId: loose.feedId, category: "News", title: null } }]);
    release();
    await done;
    expect((await stored()).find((s) => "feedId" in s && s.feedId === loose.feedId)).toMatchObject({ category: "News" });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["subscriptions"] });
  });

  it("names lists and inboxes by listId and inboxId (the handle)", async () => {
    const { calls, release } = server();
    release();
    await updateSubscription(list.listId, { view: 2 });
    await updateSubscription(inbox.inboxId, { title: "Mail" });
    expect(calls.map((call) => call.body)).toEqual([
      { listId: list.listId, view: 2 },
      { inboxId: "mybox", title: "Mail" },
    ]);
  });

  it("rolls back and reports when the server refuses; nothing is stored", async () => {
    const { release } = server(refuse());
    const done = updateSubscription(tech.feedId, { view: 3, isPrivate: true });
    expect(useSubscriptions.getState().byKey[tech.feedId]).toMatchObject({ view: 3, isPrivate: true });
    release();
    await expect(done).rejects.toMatchObject({ status: 500 });
    expect(useSubscriptions.getState().byKey[tech.feedId]).toEqual(tech);
    expect(reported).toHaveBeenCalledTimes(1);
    expect(await stored()).toEqual([]);
  });
});

describe("batch and category changes", () => {
  it("moves many feeds with PATCH /subscriptions/batch", async () => {
    const { calls, release } = server();
    release();
    await updateSubscriptions([tech.feedId, loose.feedId], { view: 1 });
    expect(calls[0]).toEqual({ url: "/api/subscriptions/batch", method: "PATCH", body: { feedIds: [tech.feedId, loose.feedId], view: 1 } });
    expect(useSubscriptions.getState().byKey[loose.feedId]!.view).toBe(1);
  });

  it("renames a folder with PATCH /categories and undoes it on failure", async () => {
    const ok = server();
    ok.release();
    await renameCategory([tech.feedId, tech2.feedId], "Technology");
    expect(ok.calls[0]).toEqual({ url: "/api/categories", method: "PATCH", body: { feedIdList: [tech.feedId, tech2.feedId], category: "Technology" } });
    expect(useSubscriptions.getState().byKey[tech2.feedId]!.category).toBe("Technology");

    const failing = server(refuse(1002, 422));
    const done = renameCategory([tech.feedId, tech2.feedId], "Gadgets");
    expect(useSubscriptions.getState().byKey[tech.feedId]!.category).toBe("Gadgets");
    failing.release();
    await expect(done).rejects.toBeDefined();
    expect(useSubscriptions.getState().byKey[tech.feedId]!.category).toBe("Technology");
  });

  it("deletes a folder keeping its feeds, or with them", async () => {
    const { calls, release } = server();
    release();
    await deleteCategory([tech.feedId], { deleteSubscriptions: false });
    expect(useSubscriptions.getState().byKey[tech.feedId]!.category).toBeNull();
    await deleteCategory([tech2.feedId], { deleteSubscriptions: true });
    expect(useSubscriptions.getState().byKey[tech2.feedId]).toBeUndefined();
    expect(calls.map((call) => [call.method, call.url, call.body])).toEqual([
      ["DELETE", "/api/categories", { feedIdList: [tech.feedId], deleteSubscriptions: false }],
      ["DELETE", "/api/categories", { feedIdList: [tech2.feedId], deleteSubscriptions: true }],
    ]);
  });
});

describe("unsubscribe", () => {
  it("sends feeds together and lists and inboxes one by one; everything comes back when one call fails", async () => {
    const { calls, release } = server((call) => ((call.body as { listId?: string }).listId ? refuse(8000, 404)() : { status: 200, body: { code: 0 } }));
    const done = unsubscribe([tech.feedId, loose.feedId, list.listId, inbox.inboxId]);
    expect(Object.keys(useSubscriptions.getState().byKey)).toEqual([tech2.feedId]);
    await tick();
    expect(calls.map((call) => call.body)).toEqual([{ feedIdList: [tech.feedId, loose.feedId] }, { listId: list.listId }, { inboxId: "mybox" }]);
    release();
    await expect(done).rejects.toMatchObject({ code: 8000 });
    expect(Object.keys(useSubscriptions.getState().byKey).sort()).toEqual([tech.feedId, tech2.feedId, loose.feedId, list.listId, inbox.inboxId].sort());
  });
});

describe("claimFeed (spec §4: owner at once, reverted on failure)", () => {
  it("shows the reader as owner during the challenge and reverts, without a toast, on 2010", async () => {
    sourcesActions.upsert([tech.feeds]);
    const { calls, release } = server(refuse(2010, 400));
    const done = claimFeed(tech.feedId, "me");
    const during = useSubscriptions.getState().byKey[tech.feedId];
    expect(during && "feeds" in during && during.feeds.ownerUserId).toBe("me");
    expect(useSources.getState().byId[tech.feedId]).toMatchObject({ ownerUserId: "me" });
    await tick();
    expect(calls[0]).toEqual({ url: "/api/feeds/claim/challenge", method: "POST", body: { feedId: tech.feedId } });
    release();
    await expect(done).rejects.toMatchObject({ code: 2010 });
    const after = useSubscriptions.getState().byKey[tech.feedId];
    expect(after && "feeds" in after && after.feeds.ownerUserId).toBeNull();
    expect(useSources.getState().byId[tech.feedId]).toMatchObject({ ownerUserId: null });
    expect(reported).not.toHaveBeenCalled();
  });
});

describe("subscribe", () => {
  it("posts the follow form and adds the new subscription", async () => {
    const created = feedSubscription({ title: "New", category: "Fresh" });
    const { calls, release } = server(() => ({ status: 200, body: { code: 0, feed: created.feeds, list: null, data: created } }));
    release();
    const result = await subscribe({ url: " https://new.example/feed ", view: 0, category: " Fresh ", title: "  ", isPrivate: true });
    expect(calls[0]).toEqual({ url: "/api/subscriptions", method: "POST", body: { url: "https://new.example/feed", view: 0, category: "Fresh", isPrivate: true, title: null } });
    expect(result).toEqual(created);
    expect(useSubscriptions.getState().byKey[created.feedId]).toEqual(created);
  });

  it("adds nothing when the server refuses the address", async () => {
    const { release } = server(refuse(2003, 400));
    release();
    await expect(subscribe({ url: "https://broken.example", view: 0 })).rejects.toMatchObject({ code: 2003 });
    expect(Object.keys(useSubscriptions.getState().byKey)).toHaveLength(5);
  });
});
