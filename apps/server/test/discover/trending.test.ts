import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { feeds, lists, readMarks, subscriptions } from "../../src/db/schema/index.ts";
import { apiAs, type Api } from "../helpers/api.ts";
import { createTestApp, signUp, type TestApp } from "../helpers/app.ts";
import { seedFeed } from "../helpers/seed.ts";

interface Trending {
  trendingFeeds: { type: "feed"; id: string; title: string | null; subscriptionCount: number }[];
  trendingLists: { type: "list"; id: string; title: string; subscriptionCount?: number; owner?: { id: string } | null }[];
  trendingEntries: { id: string; title: string | null; feedId: string | null; readCount: number }[];
  trendingUsers: { id: string; name: string | null; email?: string }[];
}

let t: TestApp;
const api: Record<string, Api> = {};
const id: Record<string, string> = {};
const feed: Record<string, { feedId: string; entryIds: string[] }> = {};
const list: Record<string, string> = {};
const monthAgo = new Date(Date.now() - 30 * 24 * 3600 * 1000);

// One instance, built once: trending is read-only and cached per language for a minute.
beforeAll(async () => {
  t = await createTestApp();
  for (const name of ["ann", "bob", "cat", "dan"]) {
    const account = await signUp(t, { email: `${name}@example.com`, name });
    api[name] = apiAs(t, account.cookie);
    id[name] = account.userId;
  }
  const { db, ids } = t.deps;
  for (const [name, title, language] of [["alpha", "Alpha", "en-US"], ["beta", "Beta", "zh-CN"], ["gamma", "Gamma", "en"], ["delta", "Delta", "en"]] as const) {
    feed[name] = await seedFeed(t, { count: 3, title });
    await db.update(feeds).set({ language }).where(eq(feeds.id, feed[name]!.feedId));
  }
  const follow = async (who: string, name: string, isPrivate = false) => {
    const response = await api[who]!.post("/subscriptions", { url: `https://seed.example/${feed[name]!.feedId}.xml`, view: 0, isPrivate });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
  };
  await follow("ann", "alpha");
  await follow("bob", "alpha");
  await follow("cat", "beta");
  await follow("dan", "beta", true);
  await follow("bob", "beta", true);
  await follow("dan", "gamma", true);
  // Delta: three public subscriptions, all a month old.
  for (const who of ["ann", "bob", "cat"]) {
    await db.insert(subscriptions).values({ id: ids.next(), userId: id[who]!, type: "feed", feedId: feed.delta!.feedId, createdAt: monthAgo });
  }
  const read = async (who: string, entryIds: string[]) => expect((await api[who]!.post("/reads", { entryIds })).status).toBe(200);
  await read("ann", [feed.alpha!.entryIds[0]!, feed.alpha!.entryIds[1]!]);
  await read("bob", [feed.alpha!.entryIds[0]!]);
  await read("cat", [feed.beta!.entryIds[0]!]);
  await read("dan", [feed.beta!.entryIds[0]!, feed.gamma!.entryIds[0]!]);
  await read("ann", [feed.alpha!.entryIds[2]!]);
  // A read from last month does not count.
  await db.update(readMarks).set({ readAt: monthAgo }).where(eq(readMarks.entryId, feed.alpha!.entryIds[2]!));

  for (const [name, owner, language] of [["picks", "ann", "en"], ["secret", "bob", null], ["misc", "cat", "zh-CN"]] as const) {
    list[name] = ids.next();
    await db.insert(lists).values({ id: list[name]!, ownerUserId: id[owner]!, title: name, language });
  }
  const followList = async (who: string, name: string, isPrivate = false) =>
    db.insert(subscriptions).values({ id: ids.next(), userId: id[who]!, type: "list", listId: list[name]!, isPrivate });
  await followList("bob", "picks");
  await followList("cat", "picks");
  await followList("ann", "picks");
  await followList("dan", "secret", true);
  await followList("dan", "misc");
});
afterAll(async () => t.close());

const trending = async (query = "") => {
  const response = await api.dan!.get<Trending>(`/trending${query}`);
  expect(response.status).toBe(200);
  return response.body.data!;
};

describe("GET /trending", () => {
  it("ranks feeds by public subscriptions of the last week, then by all of them; private ones never count", async () => {
    const { trendingFeeds } = await trending();
    expect(trendingFeeds.map((f) => [f.title, f.subscriptionCount])).toEqual([
      ["Alpha", 2],
      ["Beta", 1],
      ["Delta", 3],
    ]);
    expect(trendingFeeds[0]).toMatchObject({ type: "feed", id: feed.alpha!.feedId });
  });

  it("ranks entries by distinct readers of the last week, through public subscriptions only", async () => {
    const { trendingEntries } = await trending();
    expect(trendingEntries.map((e) => [e.id, e.readCount])).toEqual([
      [feed.alpha!.entryIds[0], 2],
      expect.any(Array),
      expect.any(Array),
    ]);
    const counts = new Map(trendingEntries.map((e) => [e.id, e.readCount]));
    expect(counts.get(feed.alpha!.entryIds[1]!)).toBe(1);
    // Dan reads Beta and Gamma privately: Beta counts Cat alone, Gamma does not show.
    expect(counts.get(feed.beta!.entryIds[0]!)).toBe(1);
    expect(counts.has(feed.gamma!.entryIds[0]!)).toBe(false);
    expect(counts.has(feed.alpha!.entryIds[2]!)).toBe(false);
    expect(trendingEntries[0]).toMatchObject({ feedId: feed.alpha!.feedId, title: "Entry 0" });
  });

  it("ranks lists by public subscribers and users by the people following their lists", async () => {
    const { trendingLists, trendingUsers } = await trending();
    expect(trendingLists.map((l) => [l.title, l.subscriptionCount, l.owner?.id])).toEqual([
      ["picks", 3, id.ann],
      ["misc", 1, id.cat],
    ]);
    // Ann's own subscription to her list does not make her popular; Bob's only follower is private.
    expect(trendingUsers.map((u) => u.name)).toEqual(["ann", "cat"]);
    expect(trendingUsers.every((u) => u.email === undefined)).toBe(true);
  });

  it("filters feeds, entries and lists by language", async () => {
    const english = await trending("?language=eng");
    expect(english.trendingFeeds.map((f) => f.title)).toEqual(["Alpha", "Delta"]);
    expect(english.trendingEntries.every((e) => e.feedId === feed.alpha!.feedId)).toBe(true);
    expect(english.trendingLists.map((l) => l.title)).toEqual(["picks"]);
    const chinese = await trending("?language=zh-CN");
    expect(chinese.trendingFeeds.map((f) => f.title)).toEqual(["Beta"]);
    expect(chinese.trendingLists.map((l) => l.title)).toEqual(["misc"]);
    expect((await trending("?language=all")).trendingFeeds).toHaveLength(3);
  });

  it("answers 1002 for a malformed language and 1000 when signed out", async () => {
    expect(await api.dan!.get("/trending?language=not%20a%20language")).toMatchObject({ status: 400, body: { code: 1002 } });
    expect((await t.request("/api/trending")).status).toBe(401);
  });
});
