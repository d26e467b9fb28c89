import { describe, expect, it } from "vitest";
import { parsePublishedAt, toInboxEntry, webhookEntrySchema } from "./webhook-entry.ts";

const now = new Date("2026-11-22T00:00:00Z");

describe("parsePublishedAt", () => {
  it.each([
    ["an ISO time", "2026-01-02T03:04:05Z", "2026-01-02T03:04:05.000Z"],
    ["an ISO time with an offset", "2026-01-02T05:04:05+02:00", "2026-01-02T03:04:05.000Z"],
    ["milliseconds", 1_767_323_045_000, "2026-01-02T03:04:05.000Z"],
    ["milliseconds as digits", " 1767323045000 ", "2026-01-02T03:04:05.000Z"],
    ["nothing", undefined, now.toISOString()],
    ["null", null, now.toISOString()],
    ["words", "last tuesday", now.toISOString()],
    ["an impossible time", 8.64e16, now.toISOString()],
  ])("reads %s", (_name, value, expected) => {
    expect(parsePublishedAt(value, now).toISOString()).toBe(expected);
  });
});

describe("toInboxEntry", () => {
  it("sanitises content against the entry's URL and describes it when no description is given", () => {
    const body = webhookEntrySchema.parse({
      guid: "g",
      url: "https://example.com/post/1",
      title: "  ",
      content: '<p>See <a href="../2">next</a></p><img src="x.png" onerror="alert(1)"><script>bad()</script>',
      author: "",
    });
    const entry = toInboxEntry(body, now);
    expect(entry.content).toContain('href="https://example.com/2"');
    expect(entry.content).toContain('src="https://example.com/post/x.png"');
    expect(entry.content).not.toMatch(/onerror|script/);
    expect(entry).toMatchObject({ guid: "g", title: null, author: null, description: "See next", publishedAt: now, media: null, extra: null });
  });

  it("keeps a given description and drops empty lists", () => {
    const entry = toInboxEntry(webhookEntrySchema.parse({ guid: "g", description: " Short ", content: "<p>Long</p>", media: [], categories: [] }), now);
    expect(entry).toMatchObject({ description: "Short", media: null, categories: null });
  });

  it("refuses URLs a reader's browser must not open", () => {
    for (const url of ["javascript:alert(1)", "data:text/html,x", "/relative", "mailto:a@b.c"]) {
      expect(webhookEntrySchema.safeParse({ guid: "g", url }).success).toBe(false);
    }
  });
});
