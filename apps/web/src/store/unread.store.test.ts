import { beforeEach, describe, expect, it } from "vitest";
import { sumUnread, unreadActions, useUnread } from "./unread.store.ts";

beforeEach(() => unreadActions.clear());

describe("unread store", () => {
  it("moves counts by deltas and never below zero (spec §4)", () => {
    unreadActions.replace({ a: 2, b: 5 });
    unreadActions.adjust({ a: -3, b: 1, c: -1 });
    expect(useUnread.getState().counts).toEqual({ a: 0, b: 6, c: 0 });
  });

  it("shows locally kept counts until the server's arrive, never over them", () => {
    unreadActions.hydrate({ a: 9 });
    expect(useUnread.getState()).toMatchObject({ counts: { a: 9 }, loaded: false });
    unreadActions.replace({ a: 1 });
    unreadActions.hydrate({ a: 9 });
    expect(useUnread.getState()).toMatchObject({ counts: { a: 1 }, loaded: true });
  });

  it("sums all counts or the given sources'", () => {
    expect(sumUnread({ a: 1, b: 2, c: 3 })).toBe(6);
    expect(sumUnread({ a: 1, b: 2, c: 3 }, ["a", "c", "zz"])).toBe(4);
  });
});
