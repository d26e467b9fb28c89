import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { timelineItem } from "../../test/helpers/entries.ts";
import { setDatabaseForTests, TidingsDatabase } from "../db/database.ts";
import { useConnectivity } from "../lib/connectivity.ts";
import { registerErrorReporter } from "../lib/notify.ts";
import { registerQueryClient } from "../lib/query-client-instance.ts";
import { createQueryClient } from "../lib/query-client.ts";
import { entriesActions, useEntries } from "../store/entries.store.ts";
import { unreadActions, useUnread } from "../store/unread.store.ts";
import { flushReads, markRead, markUnread, READ_BATCH_MS } from "./read.actions.ts";

let db: TidingsDatabase;
const reported = vi.fn();
const feedId = "1700000000000000001";

function serverAnswers(status: number) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, method: init.method ?? "GET", body: init.body ? JSON.parse(String(init.body)) : undefined });
      const body = status < 300 ? { code: 0, data: url.includes("/api/reads") && init.method === "GET" ? {} : null } : { code: 1005, message: "Internal error" };
      return new Response(JSON.stringify(body), { status });
    }),
  );
  return calls;
}

beforeEach(() => {
  db = new TidingsDatabase(`reads-${Math.random()}`);
  setDatabaseForTests(db);
  registerQueryClient(createQueryClient());
  registerErrorReporter(reported);
  reported.mockReset();
  entriesActions.clear();
  unreadActions.replace({ [feedId]: 3 });
  useConnectivity.setState({ online: true });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await db.delete();
});

const posts = (calls: { url: string; method: string }[]) => calls.filter((call) => call.url.startsWith("/api/reads") && call.method !== "GET");

describe("marking read", () => {
  it("changes state and counts at once and sends one POST per second for many marks", async () => {
    const calls = serverAnswers(200);
    const items = [timelineItem(), timelineItem(), timelineItem()];
    entriesActions.upsertItems(items);
    markRead([items[0]!.entries.id]);
    markRead([items[1]!.entries.id, items[2]!.entries.id]);
    expect(useUnread.getState().counts[feedId]).toBe(0);
    expect(useEntries.getState().byId[items[0]!.entries.id]!.read).toBe(true);
    expect(posts(calls)).toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, READ_BATCH_MS + 100));
    expect(posts(calls)).toEqual([{ url: "/api/reads", method: "POST", body: { entryIds: items.map((item) => item.entries.id) } }]);
  });

  it("a read then unread within one batch sends nothing for that entry", async () => {
    const calls = serverAnswers(200);
    const item = timelineItem();
    entriesActions.upsertItems([item]);
    markRead([item.entries.id]);
    markUnread([item.entries.id]);
    await flushReads();
    expect(posts(calls)).toHaveLength(0);
    expect(useUnread.getState().counts[feedId]).toBe(3);
  });

  it("rolls state and counts back and tells the reader when the server refuses", async () => {
    serverAnswers(500);
    const item = timelineItem();
    entriesActions.upsertItems([item]);
    markRead([item.entries.id]);
    expect(useUnread.getState().counts[feedId]).toBe(2);
    await flushReads();
    expect(useEntries.getState().byId[item.entries.id]!.read).toBe(false);
    expect(useUnread.getState().counts[feedId]).toBe(3);
    expect(reported).toHaveBeenCalledOnce();
  });

  it("queues the change in the outbox when offline, and keeps it applied", async () => {
    const calls = serverAnswers(200);
    useConnectivity.setState({ online: false });
    const item = timelineItem();
    entriesActions.upsertItems([item]);
    markRead([item.entries.id]);
    await flushReads();
    expect(posts(calls)).toHaveLength(0);
    expect(await db.outbox.toArray()).toMatchObject([{ kind: "read", entryIds: [item.entries.id] }]);
    expect(useEntries.getState().byId[item.entries.id]!.read).toBe(true);
  });
});
