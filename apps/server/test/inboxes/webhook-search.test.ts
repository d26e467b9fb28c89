import type { InboxSummary } from "@tidings/contracts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { apiAs, type Api } from "../helpers/api.ts";
import { createTestApp, signUp, type TestApp } from "../helpers/app.ts";
import { sendToInbox } from "./webhook-helpers.ts";

let t: TestApp;
let ann: Api;
let bob: Api;

beforeEach(async () => {
  t = await createTestApp();
  ann = apiAs(t, (await signUp(t, { email: "ann@example.com" })).cookie);
  bob = apiAs(t, (await signUp(t, { email: "bob@example.com" })).cookie);
});
afterEach(async () => t.close());

describe("inbox entries and search", () => {
  it("makes what arrives through the webhook searchable by its owner only", async () => {
    const inbox = (await ann.post<InboxSummary>("/inboxes", { handle: "letters", title: "Letters" })).body.data!;
    const sent = await sendToInbox(t, { handle: "letters", secret: inbox.secret }, {
      guid: "m1",
      publishedAt: "2026-11-20T10:00:00Z",
      title: "Quarterly kumquat report",
      content: "<p>The kumquat harvest and 柑橘收成 were excellent.</p>",
    });
    expect(sent.status).toBe(200);
    const found = await ann.get<{ items: { entries: { id: string } }[] }>("/search?q=kumquat");
    expect(found.body.data!.items.map((item) => item.entries.id)).toEqual([sent.body.data!.id]);
    expect((await ann.get<{ items: unknown[] }>(`/search?q=${encodeURIComponent("收成")}`)).body.data!.items).toHaveLength(1);
    expect((await bob.get<{ items: unknown[] }>("/search?q=kumquat")).body.data!.items).toEqual([]);
  });
});
