import { describe, expect, it } from "vitest";
import { cachedEntryIds } from "./cached-entries.ts";
import { testState } from "./test-entries.ts";

const FEED_A = "1000000000000001";
const FEED_B = "1000000000000002";

describe("the offline timeline: entries the device already holds", () => {
  const byId = {
    old: testState("old", { feedId: FEED_A, publishedAt: "2025-03-01T00:00:00.000Z" }),
    newest: testState("newest", { feedId: FEED_A, publishedAt: "2025-03-09T00:00:00.000Z" }),
    read: testState("read", { feedId: FEED_A, publishedAt: "2025-03-05T00:00:00.000Z" }, { read: true }),
    other: testState("other", { feedId: FEED_B, publishedAt: "2025-03-08T00:00:00.000Z" }),
    unfollowed: testState("unfollowed", { feedId: FEED_A, publishedAt: "2025-03-04T00:00:00.000Z" }, { read: null }),
    starred: testState("starred", { feedId: FEED_B, publishedAt: "2025-02-01T00:00:00.000Z" }, { starredAt: "2025-03-10T00:00:00.000Z", read: true }),
    inbox: testState("inbox", { feedId: null, inboxHandle: "box", publishedAt: "2025-03-07T00:00:00.000Z" }, { sourceKey: "box" }),
  };

  it("keeps the target's sources, newest first", () => {
    expect(cachedEntryIds(byId, [FEED_A], { unreadOnly: false, starred: false })).toEqual(["newest", "read", "unfollowed", "old"]);
    expect(cachedEntryIds(byId, ["box"], { unreadOnly: false, starred: false })).toEqual(["inbox"]);
  });

  it("keeps only entries known to be unread in unread-only mode", () => {
    expect(cachedEntryIds(byId, [FEED_A, FEED_B], { unreadOnly: true, starred: false })).toEqual(["newest", "other", "old"]);
  });

  it("lists stars by star time, whatever their read state, within the view's sources", () => {
    expect(cachedEntryIds(byId, [FEED_A, FEED_B], { unreadOnly: true, starred: true })).toEqual(["starred"]);
    expect(cachedEntryIds(byId, [FEED_A], { unreadOnly: false, starred: true })).toEqual([]);
  });

  it("stops at the limit", () => {
    expect(cachedEntryIds(byId, [FEED_A], { unreadOnly: false, starred: false, limit: 2 })).toEqual(["newest", "read"]);
  });
});
