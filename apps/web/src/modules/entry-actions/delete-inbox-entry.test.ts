import "fake-indexeddb/auto";
import type { InfiniteData } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { timelineItem } from "../../../test/helpers/entries.ts";
import { persistItems } from "../../db/entries.repo.ts";
import { setDatabaseForTests, TidingsDatabase } from "../../db/database.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { registerQueryClient } from "../../lib/query-client-instance.ts";
import { registerErrorReporter } from "../../lib/notify.ts";
import { timelineKeys } from "../../queries/timeline.ts";
import { entriesActions, useEntries } from "../../store/entries.store.ts";
import { unreadActions, useUnread } from "../../store/unread.store.ts";
import { deleteInboxEntry } from "./delete-inbox-entry.ts";

const client = createQueryClient();
registerQueryClient(client);
const reported: unknown[] = [];
registerErrorReporter((error) => reported.push(error));

const selector = { view: 0 as const, inboxId: "news", unreadOnly: false };
type Pages = InfiniteData<{ ids: string[] }>;

let db: TidingsDatabase;

async function seedInbox() {
  const items = [0, 1, 2].map(() => timelineItem({ read: false }));
  for (const item of items) {
    item.entries.feedId = null;
    item.entries.inboxHandle = "news";
    item.feeds = { type: "inbox", id: "news", title: "News", description: null, image: null, secret: "s", ownerUserId: "u", email: "news@example.com" };
  }
  entriesActions.upsertItems(items);
  await persistItems(items);
  unreadActions.replace({ news: 3 });
  client.setQueryData<Pages>(timelineKeys.of(selector), { pages: [{ ids: items.map((item) => item.entries.id) }], pageParams: [null] });
  return items.map((item) => item.entries.id);
}

const timelineIds = () => client.getQueryData<Pages>(timelineKeys.of(selector))?.pages.flatMap((page) => page.ids);

beforeEach(() => {
  db = new TidingsDatabase(`delete-${Math.random()}`);
  setDatabaseForTests(db);
  entriesActions.clear();
  client.clear();
  reported.length = 0;
});
afterEach(() => vi.unstubAllGlobals());

describe("deleteInboxEntry", () => {
  it("removes the entry at once and sends DELETE /entries/inbox", async () => {
    const ids = await seedInbox();
    const fetch = vi.fn(async () => new Response(JSON.stringify({ code: 0, data: null }), { status: 200 }));
    vi.stubGlobal("fetch", fetch);
    const done = deleteInboxEntry(ids[1]!);
    expect(useEntries.getState().byId[ids[1]!]).toBeUndefined();
    expect(timelineIds()).toEqual([ids[0], ids[2]]);
    expect(useUnread.getState().counts.news).toBe(2);
    await done;
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/entries/inbox");
    expect(init.method).toBe("DELETE");
    expect(JSON.parse(String(init.body))).toEqual({ entryId: ids[1] });
    expect(timelineIds()).toEqual([ids[0], ids[2]]);
    expect(await db.entries.get(ids[1]!)).toBeUndefined();
    expect(await db.entries.get(ids[0]!)).toBeTruthy();
  });

  it("restores the entry, its timeline place and the count when the server refuses", async () => {
    const ids = await seedInbox();
    const before = useEntries.getState().byId[ids[1]!];
    vi.stubGlobal("fetch", vi.fn(async () => new Response(JSON.stringify({ code: 3000, message: "Entry not found" }), { status: 404 })));
    await expect(deleteInboxEntry(ids[1]!)).rejects.toThrow();
    expect(useEntries.getState().byId[ids[1]!]).toEqual(before);
    expect(timelineIds()).toEqual(ids);
    expect(useUnread.getState().counts.news).toBe(3);
    expect(reported).toHaveLength(1);
    expect(await db.entries.get(ids[1]!)).toBeTruthy();
  });
});
