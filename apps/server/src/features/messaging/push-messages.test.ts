import { describe, expect, it } from "vitest";
import type { PushEntryRow } from "./messaging.repo.ts";
import { entriesForDevice, entryMessage, messagesFor, summaryMessage } from "./push-messages.ts";

const row = (entryId: string, over: Partial<PushEntryRow> = {}): PushEntryRow => ({
  user_id: "u1",
  entry_id: entryId,
  view: 0,
  source_type: "feed",
  source_id: "77",
  unread: true,
  title: `Story ${entryId}`,
  description: null,
  source_title: "Harbour Notes",
  inbox_handle: null,
  ...over,
});

describe("push messages", () => {
  it("name the entry's source and open it where it came from", () => {
    expect(entryMessage(row("1"))).toEqual({ type: "new-entry", feedId: "77", entryId: "1", view: 0, title: "Harbour Notes", description: "Story 1", url: "/timeline/view-0/77/1" });
    expect(entryMessage(row("2", { source_type: "list", source_id: "9", view: 2 })).url).toBe("/timeline/view-2/list-9/2");
    expect(entryMessage(row("3", { source_type: "inbox", inbox_handle: "mail", source_title: null })).url).toBe("/timeline/view-0/inbox-mail/3");
    expect(entryMessage(row("3", { source_type: "inbox", inbox_handle: "mail", source_title: null })).title).toBe("Tidings");
  });

  it("fall back to the description as text, and keep texts short", () => {
    const long = "word ".repeat(200);
    const message = entryMessage(row("1", { title: null, description: `<p>Hello <b>there</b></p>`, source_title: long }));
    expect(message).toMatchObject({ description: "Hello there" });
    expect(message.title.length).toBeLessThanOrEqual(120);
    expect(message.title.endsWith("…")).toBe(true);
  });

  it("sum up more than three entries, opening the view most of them are in", () => {
    const rows = [row("1", { view: 1 }), row("2", { view: 1 }), row("3", { view: 0, source_id: "78", source_title: "Other" }), row("4", { view: 1 })];
    expect(summaryMessage(rows)).toEqual({ type: "new-entries", count: 4, view: 1, title: "Tidings", description: "4 new entries", url: "/timeline/view-1/all" });
    expect(messagesFor(rows.slice(0, 3))).toHaveLength(3);
    expect(messagesFor(rows)).toEqual([expect.objectContaining({ type: "new-entries", count: 4 })]);
    expect(summaryMessage(rows.filter((r) => r.source_id === "77")).title).toBe("Harbour Notes");
    expect(messagesFor([])).toEqual([]);
  });

  it("take for a device unread entries of its views and what rules asked for, once each", () => {
    const rows = [
      row("1"),
      row("1", { source_type: "list", source_id: "9" }),
      row("2", { view: 3 }),
      row("3", { unread: false }),
      row("4", { view: 3, unread: false }),
    ];
    expect(entriesForDevice(rows, [0], new Set()).map((r) => [r.entry_id, r.source_type])).toEqual([["1", "feed"]]);
    expect(entriesForDevice(rows, [0, 3], new Set()).map((r) => r.entry_id)).toEqual(["1", "2"]);
    expect(entriesForDevice(rows, [], new Set(["4", "1"])).map((r) => r.entry_id)).toEqual(["1", "4"]);
  });
});
