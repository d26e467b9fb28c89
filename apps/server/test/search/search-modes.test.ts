import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSearchRepo, type SearchScope } from "../../src/features/search/search.repo.ts";
import { parseSearchQuery } from "../../src/features/search/search-query.ts";
import { apiAs } from "../helpers/api.ts";
import { createTestApp, signUp, type TestApp } from "../helpers/app.ts";
import { rssFeed, startFeedServer, type FeedServer } from "../helpers/feed-server.ts";

// The search finds candidates from the GIN index for uncommon queries and by walking the newest
// timeline rows for common ones (search.repo.ts). On a timeline shorter than the walk both must
// find exactly the same entries, in the same order.

let t: TestApp;
let server: FeedServer;
let userId: string;
const words = ["alpha", "beta", "gamma", "delta", "东京", "タワー"];

beforeAll(async () => {
  server = await startFeedServer();
  const items = Array.from({ length: 40 }, (_, i) => ({
    guid: `e${i}`,
    title: `${words[i % 6]} ${words[(i * 5) % 6]} number ${i}`,
    body: `<p>${words[(i * 7) % 6]} and ${words[(i + 3) % 6]} ${i % 4 === 0 ? "alpha beta" : "beta alpha"}</p>`,
    date: new Date(Date.UTC(2026, 0, 1, 0, i)),
  }));
  server.set("/one.xml", { body: rssFeed({ title: "One", items: items.slice(0, 20) }) });
  server.set("/two.xml", { body: rssFeed({ title: "Two", items: items.slice(20) }) });
  t = await createTestApp({ PRIVATE_NETWORKS_FOR: "everyone" });
  const account = await signUp(t, { email: "ann@example.com" });
  userId = account.userId;
  const ann = apiAs(t, account.cookie);
  await ann.post("/subscriptions", { url: server.url("/one.xml"), view: 0 });
  await ann.post("/subscriptions", { url: server.url("/two.xml"), view: 1 });
  const found = await ann.get<{ items: { entries: { id: string } }[] }>("/search?q=alpha");
  for (const item of found.body.data!.items.slice(0, 3)) await ann.post("/collections", { entryId: item.entries.id });
  await ann.post("/reads", { entryIds: found.body.data!.items.slice(2, 6).map((item) => item.entries.id) });
});
afterAll(async () => {
  await t.close();
  await server.close();
});

describe("search candidates from the index and from a walk", () => {
  it("agree on every query and filter", async () => {
    const byIndex = createSearchRepo(t.deps.db, { commonMatches: Number.MAX_SAFE_INTEGER });
    const byWalk = createSearchRepo(t.deps.db, { commonMatches: -1 });
    const queries = ["alpha", "beta -gamma", '"alpha beta"', "gamma OR delta", "东京", "タワ", "alp", "number"];
    const filters: Partial<SearchScope>[] = [{}, { view: 1 }, { read: false }, { read: true }, { starred: true }, { candidates: 5 }];
    for (const q of queries) {
      for (const filter of filters) {
        const scope: SearchScope = { userId, tsquery: parseSearchQuery(q)!.tsquery, candidates: 500, limit: 50, offset: 0, ...filter };
        const [index, walk] = [await byIndex.search(scope), await byWalk.search(scope)];
        expect(walk.ids, `${q} ${JSON.stringify(filter)}`).toEqual(index.ids);
        if (Object.keys(filter).length === 0) expect(index.ids.length, q).toBeGreaterThan(0);
        // Only the index finds every match, so only it gives a count.
        expect(walk.total).toBeNull();
      }
    }
  });
});
