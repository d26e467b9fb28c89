import { parseOpml } from "feedsmith";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { inboxes, subscriptions } from "../../src/db/schema/index.ts";
import { createTestApp, signUp, type TestApp } from "../helpers/app.ts";
import { exportOpml, followFeed, followOwnList } from "./opml-helpers.ts";

let t: TestApp;
let ann: { cookie: string; userId: string };
let bob: { cookie: string; userId: string };

const rss = (text: string, xmlUrl: string, htmlUrl?: string) => ({ text, title: text, type: "rss", xmlUrl, ...(htmlUrl ? { htmlUrl } : {}) });

beforeEach(async () => {
  t = await createTestApp();
  ann = await signUp(t, { email: "ann@example.com", name: "Ann" });
  bob = await signUp(t, { email: "bob@example.com", name: "Bob" });
  await followFeed(t, ann.userId, { url: "https://news.example/feed", title: "News", siteUrl: "https://news.example/" }, { category: "Daily" });
  await followFeed(t, ann.userId, { url: "https://blog.example/feed", title: "Blog" }, { category: "Daily", title: "My blog", isPrivate: true });
  await followFeed(t, ann.userId, { url: "rsshub://github/issue/a/b", title: "Issues" }, { view: 5 });
  await followFeed(t, ann.userId, { url: "https://clips.example/feed", title: "Clips" }, { view: 3, category: "Fun" });
  await followFeed(t, ann.userId, { url: "https://new.example/feed", title: null }, { view: 0 });
  await followOwnList(t, ann.userId, "Ann's list");
  const inboxId = t.deps.ids.next();
  await t.deps.db.insert(inboxes).values({ id: inboxId, handle: "ann-inbox", ownerUserId: ann.userId, secret: "s" });
  await t.deps.db.insert(subscriptions).values({ id: t.deps.ids.next(), userId: ann.userId, type: "inbox", inboxId, view: 0 });
  await followFeed(t, bob.userId, { url: "https://bob.example/secret-feed", title: "Bob's secret" }, { isPrivate: true, category: "Private" });
});
afterEach(async () => t.close());

describe("GET /subscriptions/export", () => {
  it("downloads OPML with a folder per category by default (private feeds too, never lists or inboxes)", async () => {
    const answer = await exportOpml(t, ann.cookie);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/x-opml; charset=utf-8");
    expect(answer.headers.get("content-disposition")).toBe('attachment; filename="tidings-subscriptions.opml"');
    const parsed = parseOpml(answer.text);
    expect(parsed.head).toMatchObject({ title: "Tidings subscriptions", ownerName: "Ann" });
    expect(parsed.body!.outlines).toEqual([
      { text: "Daily", title: "Daily", outlines: [rss("My blog", "https://blog.example/feed"), rss("News", "https://news.example/feed", "https://news.example/")] },
      { text: "Fun", title: "Fun", outlines: [rss("Clips", "https://clips.example/feed")] },
      rss("https://new.example/feed", "https://new.example/feed"),
      rss("Issues", "rsshub://github/issue/a/b"),
    ]);
    expect(answer.text).not.toContain("list");
    expect(answer.text).not.toContain("ann-inbox");
  });

  it("folderMode=view: a folder per view, categories nested inside", async () => {
    const answer = await exportOpml(t, ann.cookie, "?folderMode=view");
    expect(answer.status).toBe(200);
    expect(parseOpml(answer.text).body!.outlines).toEqual([
      {
        text: "Articles",
        title: "Articles",
        outlines: [
          { text: "Daily", title: "Daily", outlines: [rss("My blog", "https://blog.example/feed"), rss("News", "https://news.example/feed", "https://news.example/")] },
          rss("https://new.example/feed", "https://new.example/feed"),
        ],
      },
      { text: "Videos", title: "Videos", outlines: [{ text: "Fun", title: "Fun", outlines: [rss("Clips", "https://clips.example/feed")] }] },
      { text: "Notifications", title: "Notifications", outlines: [rss("Issues", "rsshub://github/issue/a/b")] },
    ]);
  });

  it("rewrites rsshub:// addresses against RSSHubURL when given (an empty field keeps them)", async () => {
    const rewritten = await exportOpml(t, ann.cookie, `?folderMode=category&RSSHubURL=${encodeURIComponent("https://hub.example/base/")}`);
    expect(rewritten.text).toContain('xmlUrl="https://hub.example/base/github/issue/a/b"');
    expect(rewritten.text).not.toContain("rsshub://");
    expect(rewritten.text).toContain('xmlUrl="https://news.example/feed"');
    const kept = await exportOpml(t, ann.cookie, "?RSSHubURL=");
    expect(kept.status).toBe(200);
    expect(kept.text).toContain('xmlUrl="rsshub://github/issue/a/b"');
  });

  it("answers 1002 for a bad RSSHubURL or folderMode, 1000 without a session", async () => {
    for (const query of ["?RSSHubURL=javascript:alert(1)", "?RSSHubURL=ftp://hub.example", "?RSSHubURL=not%20a%20url", "?folderMode=tree"]) {
      const answer = await exportOpml(t, ann.cookie, query);
      expect(answer.status, query).toBe(400);
      expect(JSON.parse(answer.text)).toMatchObject({ code: 1002, reason: expect.any(String) });
    }
    const anonymous = await exportOpml(t, null);
    expect(anonymous.status).toBe(401);
    expect(JSON.parse(anonymous.text)).toMatchObject({ code: 1000 });
  });

  it("exports only the caller's own subscriptions", async () => {
    const bobs = await exportOpml(t, bob.cookie, "?folderMode=view");
    expect(parseOpml(bobs.text).body!.outlines).toEqual([
      { text: "Articles", title: "Articles", outlines: [{ text: "Private", title: "Private", outlines: [rss("Bob's secret", "https://bob.example/secret-feed")] }] },
    ]);
    const anns = await exportOpml(t, ann.cookie);
    expect(anns.text).not.toContain("bob.example");
  });

  it("answers a valid empty document for an account without feeds", async () => {
    const carl = await signUp(t, { email: "carl@example.com" });
    const answer = await exportOpml(t, carl.cookie);
    expect(answer.status).toBe(200);
    expect(parseOpml(answer.text).head).toMatchObject({ title: "Tidings subscriptions" });
    expect(parseOpml(answer.text).body).toBeUndefined();
  });
});
