import type { TimelineItem } from "@tidings/contracts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { apiAs, type Api } from "../helpers/api.ts";
import { createTestApp, signUp, type TestApp } from "../helpers/app.ts";
import { seedFeed } from "../helpers/seed.ts";
import { appPassword, feverClient, feverKey, itemIdsOf, type FeverCall } from "./fever-client.ts";

/** A Fever answer as a JavaScript client reads it: JSON.parse, every number a double. */
type JsAnswer = { items?: { id: number; feed_id: number; is_read: number; is_saved: number }[]; total_items?: number; unread_item_ids?: string; saved_item_ids?: string; feeds?: { id: number }[]; groups?: { id: number }[] };

/** Whether a number a client received survives a double and a 32-bit signed integer unchanged. */
const holdable = (id: number) => Number.isSafeInteger(id) && id > 0 && (id | 0) === id;

let t: TestApp;
let ann: Api;
let fever: FeverCall;
let entries: string[];

beforeEach(async () => {
  t = await createTestApp();
  const signed = await signUp(t, { email: "js@example.com" });
  ann = apiAs(t, signed.cookie);
  const first = await seedFeed(t, { userId: signed.userId, count: 70, title: "One", category: "Group" });
  const second = await seedFeed(t, { userId: signed.userId, count: 45, title: "Two" });
  entries = [...first.entryIds, ...second.entryIds];
  fever = feverClient(t, feverKey("js@example.com", (await appPassword(ann)).password));
});
afterEach(async () => t.close());

const call = async (query: string, form: Record<string, string> = {}) => (await fever(query, form)).body as JsAnswer;

/**
 * A JavaScript reader app over Fever, as its sources do it: item ids read as numbers; items paged
 * down from Number.MAX_SAFE_INTEGER with Math.min over each page (the 32-bit maximum when that
 * answers none); unread ids parsed with parseInt, and marks sent with those numbers.
 */
describe("a JavaScript client over Fever", () => {
  it("gets every item once paging down from MAX_SAFE_INTEGER, and every id it holds is a safe 32-bit integer", async () => {
    const seen: number[] = [];
    let maxId = Number.MAX_SAFE_INTEGER;
    let first = await call(`items&max_id=${maxId}`);
    if (!first.items?.length) first = await call(`items&max_id=2147483647`);
    let page = first;
    while (page.items && page.items.length > 0) {
      seen.push(...page.items.map((item) => item.id));
      maxId = Math.min(...page.items.map((item) => item.id));
      page = await call(`items&max_id=${maxId}`);
    }
    expect(seen).toHaveLength(entries.length);
    expect(new Set(seen).size).toBe(entries.length);
    expect(first.total_items).toBe(entries.length);
    const everything = await call("groups&feeds&unread_item_ids&saved_item_ids");
    const ids = [...seen, ...everything.feeds!.map((feed) => feed.id), ...everything.groups!.map((group) => group.id), ...everything.unread_item_ids!.split(",").map((id) => parseInt(id, 10))];
    expect(ids.filter((id) => !holdable(id))).toEqual([]);
    // The ids are the entries' (each once), paged newest stored first.
    const itemId = await itemIdsOf(t);
    expect([...seen].sort((a, b) => a - b)).toEqual(entries.map((id) => Number(itemId(id))).sort((a, b) => a - b));
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
  });

  it("marks the entry it means with a parseInt id, and sees the product's marks", async () => {
    const itemId = await itemIdsOf(t);
    const unread = (await call("unread_item_ids")).unread_item_ids!.split(",").map((id) => parseInt(id, 10));
    expect(unread).toHaveLength(entries.length);
    const [readOne, starOne] = [entries[3]!, entries[80]!];
    await call("", { mark: "item", as: "read", id: String(parseInt(itemId(readOne), 10)) });
    await call("", { mark: "item", as: "saved", id: String(parseInt(itemId(starOne), 10)) });
    const entry = async (id: string) => (await ann.get<TimelineItem>(`/entries?id=${id}`)).body.data!;
    expect((await entry(readOne)).read).toBe(true);
    expect((await ann.get<boolean>(`/collections?entryId=${starOne}`)).body.data).toBe(true);
    // Nothing else moved.
    expect((await entry(entries[4]!)).read).toBe(false);
    expect((await call("unread_item_ids")).unread_item_ids!.split(",").map(Number)).toEqual(unread.filter((id) => id !== Number(itemId(readOne))));
    // The other way round: read and starred in the product, seen so by the app.
    const other = entries[50]!;
    expect((await ann.post("/reads", { entryIds: [other] })).status).toBe(200);
    expect((await ann.post("/collections", { entryId: other })).status).toBe(200);
    const [item] = (await call(`items&with_ids=${itemId(other)}`)).items!;
    expect(item).toMatchObject({ id: Number(itemId(other)), is_read: 1, is_saved: 1 });
  });
});
