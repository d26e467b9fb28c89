import { describe, expect, it } from "vitest";
import { entrySourceKeys, formatTimelineTarget, markAllScopeFor, parseTimelineTarget, timelinePath } from "./route-selector.ts";

describe("timeline route targets (spec §2)", () => {
  it.each([
    ["all", { kind: "all" }],
    ["collections", { kind: "starred" }],
    ["folder-Tech%20News", { kind: "folder", category: "Tech News" }],
    ["list-1234567890123456", { kind: "list", listId: "1234567890123456" }],
    ["inbox-my_box", { kind: "inbox", handle: "my_box" }],
    ["1234567890123456", { kind: "feeds", feedIds: ["1234567890123456"] }],
    ["1234567890123456,2234567890123456", { kind: "feeds", feedIds: ["1234567890123456", "2234567890123456"] }],
  ])("%s", (param, target) => {
    expect(parseTimelineTarget(param)).toEqual(target);
    expect(parseTimelineTarget(formatTimelineTarget(target as never))).toEqual(target);
  });

  it("refuses anything else and builds entry paths", () => {
    expect(parseTimelineTarget("nonsense")).toBeNull();
    expect(timelinePath(2, { kind: "all" }, "1234567890123456")).toBe("/timeline/view-2/all/1234567890123456");
  });
});

describe("scopes of a target", () => {
  const base = { userId: "u", category: null, title: null, isPrivate: false, createdAt: "2025-01-01T00:00:00.000Z" };
  const feed = (feedId: string, view: 0 | 1, extra: object = {}) => ({ ...base, view, feedId, feeds: { id: feedId } as never, ...extra });
  const subscriptions = [
    feed("1000000000000001", 0, { category: "Tech" }),
    feed("1000000000000002", 0, { isPrivate: true }),
    feed("1000000000000003", 1),
    { ...base, view: 0 as const, listId: "2000000000000001", lastViewedAt: null, lists: { id: "2000000000000001", feedIds: ["1000000000000009"] } as never },
    { ...base, view: 0 as const, inboxId: "box", inboxes: { id: "box" } as never },
  ];

  it("marks all read by view, feeds, list or inbox, and never for stars", () => {
    expect(markAllScopeFor({ kind: "all" }, 0, subscriptions, { excludePrivate: false })).toEqual({ view: 0, sourceKeys: ["1000000000000001", "1000000000000002"] });
    expect(markAllScopeFor({ kind: "all" }, 0, subscriptions, { excludePrivate: true })).toEqual({ view: 0, sourceKeys: ["1000000000000001"], excludePrivate: true });
    expect(markAllScopeFor({ kind: "folder", category: "Tech" }, 0, subscriptions, { excludePrivate: false })).toEqual({
      view: 0,
      sourceKeys: ["1000000000000001"],
      feedIds: ["1000000000000001"],
    });
    expect(markAllScopeFor({ kind: "list", listId: "2000000000000001" }, 0, subscriptions, { excludePrivate: false })).toMatchObject({ listId: "2000000000000001" });
    expect(markAllScopeFor({ kind: "inbox", handle: "box" }, 0, subscriptions, { excludePrivate: false })).toMatchObject({ inboxId: "box", sourceKeys: ["box"] });
    expect(markAllScopeFor({ kind: "starred" }, 0, subscriptions, { excludePrivate: false })).toBeNull();
  });

  it("knows which sources' entries a target shows (a list by its feeds)", () => {
    expect(entrySourceKeys({ kind: "list", listId: "2000000000000001" }, subscriptions, 0, {})).toEqual(["1000000000000009"]);
    expect(entrySourceKeys({ kind: "starred" }, subscriptions, 0, {})).toEqual(["1000000000000001", "1000000000000002", "box"]);
    expect(entrySourceKeys({ kind: "all" }, subscriptions, 1, {})).toEqual(["1000000000000003"]);
  });
});
