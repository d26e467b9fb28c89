import type { FeedSubscription } from "@tidings/contracts";
import { parseOpml } from "feedsmith";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { apiAs, type Api } from "../helpers/api.ts";
import { createTestApp, signUp, type TestApp } from "../helpers/app.ts";
import { exportOpml, followFeed, importOpml } from "./opml-helpers.ts";

let t: TestApp;
let ann: { cookie: string; userId: string; api: Api };

/** What an export carries of each subscription, by address. */
const shapeOf = async (api: Api) =>
  ((await api.get<FeedSubscription[]>("/subscriptions")).body.data ?? [])
    .map((s) => ({ url: s.feeds.url, view: s.view, category: s.category, title: s.title }))
    .sort((a, b) => a.url.localeCompare(b.url));

const user = async (app: TestApp, email: string) => {
  const account = await signUp(app, { email });
  return { ...account, api: apiAs(app, account.cookie) };
};

beforeEach(async () => {
  t = await createTestApp();
  ann = await user(t, "ann@example.com");
  await followFeed(t, ann.userId, { url: "https://news.example/feed", title: "News" }, { category: "Daily" });
  await followFeed(t, ann.userId, { url: "https://blog.example/feed", title: "Blog" }, { category: "Daily", title: "My blog", isPrivate: true });
  await followFeed(t, ann.userId, { url: "https://rust.example/feed", title: "Rust" }, { category: "Tech / Rust", view: 1 });
  await followFeed(t, ann.userId, { url: "https://clips.example/feed", title: "Clips" }, { category: "Videos", view: 3 });
  await followFeed(t, ann.userId, { url: "https://pods.example/feed", title: "Pods" }, { view: 4 });
  await followFeed(t, ann.userId, { url: "rsshub://github/issue/a/b", title: null }, { view: 5, category: "Code" });
  await followFeed(t, ann.userId, { url: "https://plain.example/feed", title: "Plain" });
});
afterEach(async () => t.close());

describe("OPML round trip", () => {
  it("an export by view imported by another user reproduces folders, views and renamed titles", async () => {
    const original = await shapeOf(ann.api);
    const exported = await exportOpml(t, ann.cookie, "?folderMode=view");
    const bob = await user(t, "bob@example.com");
    const answer = await importOpml(t, bob.cookie, exported.text);
    expect(answer.body.data).toMatchObject({ conflictItems: [], parsedErrorItems: [] });
    expect(answer.body.data!.successfulItems).toHaveLength(original.length);
    expect(await shapeOf(bob.api)).toEqual(original);
    // Ann's own subscriptions and export are untouched by Bob's import.
    expect(await shapeOf(ann.api)).toEqual(original);
    expect(parseOpml((await exportOpml(t, ann.cookie, "?folderMode=view")).text).body).toEqual(parseOpml(exported.text).body);
  });

  it("an export by category reproduces the folders, in the view the importer chose", async () => {
    const original = await shapeOf(ann.api);
    const exported = await exportOpml(t, ann.cookie);
    const carl = await user(t, "carl@example.com");
    const answer = await importOpml(t, carl.cookie, exported.text, { view: "4" });
    expect(answer.body.data!.successfulItems).toHaveLength(original.length);
    // A "Videos" folder among others is a category, not a view.
    expect(await shapeOf(carl.api)).toEqual(original.map((s) => ({ ...s, view: 4 })));
  });

  it("moves subscriptions to a new instance: feeds are created from the outlines, due at once", async () => {
    const exported = await exportOpml(t, ann.cookie, "?folderMode=view");
    const other = await createTestApp();
    try {
      const dan = await user(other, "dan@example.com");
      const answer = await importOpml(other, dan.cookie, exported.text);
      expect(answer.body.data!.successfulItems.map((feed) => [feed.url, feed.title]).sort()).toEqual([
        ["https://blog.example/feed", "My blog"],
        ["https://clips.example/feed", "Clips"],
        ["https://news.example/feed", "News"],
        ["https://plain.example/feed", "Plain"],
        ["https://pods.example/feed", "Pods"],
        ["https://rust.example/feed", "Rust"],
        ["rsshub://github/issue/a/b", null],
      ]);
      const moved = await shapeOf(dan.api);
      expect(moved.map(({ url, view, category }) => ({ url, view, category }))).toEqual(
        (await shapeOf(ann.api)).map(({ url, view, category }) => ({ url, view, category })),
      );
      expect(await other.deps.feedsRepo.countDue(new Date(Date.now() + 1000))).toBe(7);
    } finally {
      await other.close();
    }
  });

  it("importing the same export again changes nothing: every item is a conflict", async () => {
    const exported = await exportOpml(t, ann.cookie);
    const before = await shapeOf(ann.api);
    const answer = await importOpml(t, ann.cookie, exported.text, { view: "2" });
    expect(answer.body.data).toMatchObject({ successfulItems: [], parsedErrorItems: [] });
    expect(answer.body.data!.conflictItems).toHaveLength(before.length);
    expect(await shapeOf(ann.api)).toEqual(before);
  });
});
