import { crc32 } from "node:zlib";
import { describe, expect, it } from "vitest";
import { groupIds } from "../../src/lib/category-ids.ts";
import { parseFeverRequest } from "../../src/features/fever/fever.params.ts";

const args = (query: string, form: Record<string, string> = {}) => {
  const params = new URLSearchParams(query);
  return { has: (name: string) => name in form || params.has(name), get: (name: string) => form[name] ?? params.get(name) ?? undefined };
};
const natural = (name: string) => crc32(Buffer.from(name, "utf8")) & 0x7fffffff;

describe("Fever group ids", () => {
  it("are the category's CRC-32 in 31 bits, whatever the other categories", () => {
    expect(groupIds(["News", "Tech", "News"])).toEqual(new Map([["News", natural("News")], ["Tech", natural("Tech")]]));
    expect(groupIds(["Tech"]).get("Tech")).toBe(natural("Tech"));
    expect(groupIds(["Naïve 日本"]).get("Naïve 日本")).toBe(natural("Naïve 日本"));
  });

  it("resolve a collision the same way whatever the order: the first name in code-unit order keeps the CRC", () => {
    // "buckeroo" and "plumless" share a CRC-32.
    expect(natural("buckeroo")).toBe(natural("plumless"));
    const id = natural("buckeroo");
    for (const names of [["plumless", "buckeroo"], ["buckeroo", "plumless", "News"]]) {
      const ids = groupIds(names);
      expect(ids.get("buckeroo")).toBe(id);
      expect(ids.get("plumless")).toBe(id + 1);
    }
    // A name whose CRC is the next one keeps it; the colliding one moves past it.
    const ids = groupIds(["buckeroo", "plumless", "News"]);
    expect(new Set(ids.values()).size).toBe(3);
    expect([...ids.values()].every((value) => value > 0 && value <= 0x7fffffff)).toBe(true);
  });
});

describe("Fever arguments", () => {
  it("reads flags, item cursors and marks", () => {
    expect(parseFeverRequest(args("api&groups&feeds&unread_item_ids"))).toEqual({
      ok: true,
      request: { groups: true, feeds: true, favicons: false, links: false, unreadItemIds: true, savedItemIds: false, items: null, mark: null },
    });
    const items = (query: string) => {
      const parsed = parseFeverRequest(args(query));
      return parsed.ok ? parsed.request.items : parsed.error;
    };
    expect(items("items")).toEqual({ kind: "first" });
    expect(items("items&since_id=007")).toEqual({ kind: "since", id: "7" });
    expect(items("items&since_id=0")).toEqual({ kind: "since", id: "0" });
    expect(items("items&max_id=0")).toEqual({ kind: "max", id: null });
    expect(items("items&max_id=9223372036854775807")).toEqual({ kind: "max", id: "9223372036854775807" });
    expect(items("items&with_ids=3, 1,,3,")).toEqual({ kind: "with", ids: ["3", "1"] });
    expect(items("items&with_ids=")).toEqual({ kind: "with", ids: [] });
    // Cursors are read only for items.
    expect(items("since_id=abc")).toBeNull();

    const mark = (form: Record<string, string>) => {
      const parsed = parseFeverRequest(args("api", form));
      return parsed.ok ? parsed.request.mark : parsed.error;
    };
    expect(mark({ mark: "item", as: "saved", id: "42" })).toEqual({ kind: "item", as: "saved", itemId: "42" });
    expect(mark({ mark: "feed", as: "read", id: "7", before: "1700000000" })).toEqual({ kind: "feed", feedId: 7, before: new Date(1_700_000_000_000) });
    expect(mark({ mark: "group", as: "read", id: "-1" })).toEqual({ kind: "group", groupId: -1, before: null });
    expect(mark({ mark: "group", as: "read", id: "0", before: "" })).toEqual({ kind: "group", groupId: 0, before: null });
    // Upper-case words as some clients send them.
    expect(mark({ mark: "ITEM", as: "Read", id: "1" })).toEqual({ kind: "item", as: "read", itemId: "1" });
  });

  it("refuses what is not a well-formed number, with a short reason", () => {
    for (const query of ["items&since_id=%2B1", "items&since_id=1%202", "items&max_id=-0", "items&with_ids=1,2.0"]) {
      expect(parseFeverRequest(args(query)), query).toEqual({ ok: false, error: expect.stringMatching(/^\w+ /) });
    }
    expect(parseFeverRequest(args("", { mark: "group", as: "read", id: "2147483648" }))).toEqual({ ok: false, error: "id is out of range" });
    expect(parseFeverRequest(args("", { mark: "item", as: "read", id: "9223372036854775808" }))).toEqual({ ok: false, error: "id is out of range" });
  });
});
