import { describe, expect, it } from "vitest";
import { feedSubscription, inboxSubscription, listSubscription } from "../subscription-column/test-fixtures.ts";
import { testState } from "../timeline/test-entries.ts";
import { matchFeeds, parseLocalQuery } from "./local-match.ts";
import { buildResults } from "./results.ts";
import type { ServerSearchItem } from "./server-search.ts";

const FEED = "1000000000000001";
const feed = feedSubscription({ id: FEED, feedTitle: "Tide Tables", view: 3 });

function serverItem(id: string, patch: { inboxHandle?: string; feedId?: string | null } = {}): ServerSearchItem {
  const { entry } = testState(id, { title: "Tide", ...patch });
  const feeds = patch.inboxHandle
    ? { type: "inbox" as const, id: patch.inboxHandle, title: "Letters", description: null, image: null, secret: "s", ownerUserId: "u1" }
    : feed.feeds;
  return { entries: entry, feeds: feeds as ServerSearchItem["feeds"], read: true, highlight: { title: "<mark>Tide</mark>", snippet: "the <mark>tide</mark>" } };
}

const base = { terms: ["tide"], feeds: [], local: [], server: [], viewOf: (key: string) => (key === FEED ? 3 : 0) as 0 | 3, sourceOf: () => null };

describe("buildResults", () => {
  it("links feeds, lists and inboxes to their timelines in their view", () => {
    const subs = [feed, listSubscription({ id: "3000000000000001", title: "Tide watchers", view: 1 }), inboxSubscription({ handle: "tidebox", title: "Tide mail" })];
    const { feeds } = buildResults({ ...base, feeds: matchFeeds(subs, parseLocalQuery("tide")!, 10) });
    expect(feeds.map((row) => row.path).sort()).toEqual(["/timeline/view-0/inbox-tidebox", "/timeline/view-1/list-3000000000000001", `/timeline/view-3/${FEED}`]);
  });

  it("puts local entries first, takes the server's snippet when only it found the word, and adds the server's others", () => {
    const local = [{ id: "2000000000000001", state: testState("2000000000000001", { title: "Spring", description: "no match here" }), description: "no match here", sourceTitle: "Tide Tables" }];
    const server = [serverItem("2000000000000002"), serverItem("2000000000000001"), serverItem("2000000000000003", { inboxHandle: "tidebox", feedId: null })];
    const { entries } = buildResults({ ...base, local, server });
    expect(entries.map((row) => row.key)).toEqual(["entry:2000000000000001", "entry:2000000000000002", "entry:2000000000000003"]);
    const first = entries[0]!;
    expect(first.kind === "entry" && first.snippet).toEqual([
      { text: "the ", mark: false },
      { text: "tide", mark: true },
    ]);
    expect(entries.map((row) => row.path)).toEqual([
      `/timeline/view-3/${FEED}/2000000000000001`,
      `/timeline/view-3/${FEED}/2000000000000002`,
      "/timeline/view-0/inbox-tidebox/2000000000000003",
    ]);
    expect(entries.map((row) => row.kind === "entry" && row.fromServer)).toEqual([false, true, true]);
  });
});
