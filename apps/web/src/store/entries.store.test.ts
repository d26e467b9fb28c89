import { beforeEach, describe, expect, it } from "vitest";
import { timelineItem } from "../../test/helpers/entries.ts";
import { entriesActions, useEntries } from "./entries.store.ts";

beforeEach(() => entriesActions.clear());

describe("entries store", () => {
  it("keeps content already known when a page without content arrives", () => {
    const item = timelineItem({ entry: { content: "<p>Body</p>" } });
    entriesActions.upsertItems([item]);
    const { content: _content, ...withoutContent } = item.entries;
    entriesActions.upsertItems([{ ...item, entries: withoutContent, read: true }]);
    const state = useEntries.getState().byId[item.entries.id]!;
    expect(state.entry.content).toBe("<p>Body</p>");
    expect(state.read).toBe(true);
    expect(state.sourceKey).toBe(item.entries.feedId);
  });

  it("changes the read flag only of known, followed entries not already in that state", () => {
    const unread = timelineItem();
    const read = timelineItem({ read: true });
    const notFollowed = timelineItem({ read: null });
    entriesActions.upsertItems([unread, read, notFollowed]);
    const changed = entriesActions.setRead([unread.entries.id, read.entries.id, notFollowed.entries.id, "404"], true);
    expect(changed).toEqual([{ id: unread.entries.id, sourceKey: unread.entries.feedId, previous: false }]);
    expect(useEntries.getState().byId[notFollowed.entries.id]!.read).toBeNull();
  });

  it("hydrates from the local database without overwriting what the server sent", () => {
    const item = timelineItem({ read: true });
    entriesActions.upsertItems([item]);
    entriesActions.hydrate([{ entry: item.entries, sourceKey: "x", read: false, starredAt: null }]);
    expect(useEntries.getState().byId[item.entries.id]!.read).toBe(true);
  });

  it("answers the previous star time when starring", () => {
    const item = timelineItem({ starredAt: "2026-11-01T00:00:00.000Z" });
    entriesActions.upsertItems([item]);
    expect(entriesActions.setStarred(item.entries.id, null)).toBe("2026-11-01T00:00:00.000Z");
    expect(useEntries.getState().byId[item.entries.id]!.starredAt).toBeNull();
  });
});
