import type { InboxSummary } from "@tidings/contracts";
import { sql } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import { crc32 } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { rowsOf } from "../../src/db/client.ts";
import { apiAs, type Api } from "../helpers/api.ts";
import { createTestApp, signUp, type TestApp } from "../helpers/app.ts";
import { seedFeed } from "../helpers/seed.ts";
import { sendToInbox } from "../inboxes/webhook-helpers.ts";
import { appPassword, feverClient, feverKey, idList, itemIdsOf, storedCounts, syncIds, type FeverCall } from "./fever-client.ts";

let t: TestApp;
let ann: Api;
let annId: string;
let bob: Api;
let bobId: string;
let fever: FeverCall;
let annFeed: { feedId: string; entryIds: string[] };
let bobFeed: { feedId: string; entryIds: string[] };
let bobMail: string;

const DENIED = { api_version: 3, auth: 0 };
const refused = { status: 400, body: { api_version: 3, auth: 1, error: expect.any(String) } };

beforeEach(async () => {
  t = await createTestApp();
  const a = await signUp(t, { email: "ann@example.com" });
  ann = apiAs(t, a.cookie);
  annId = a.userId;
  const b = await signUp(t, { email: "bob@example.com" });
  bob = apiAs(t, b.cookie);
  bobId = b.userId;
  annFeed = await seedFeed(t, { userId: annId, count: 3, category: "News" });
  bobFeed = await seedFeed(t, { userId: bobId, count: 2, category: "Private" });
  const inbox = (await bob.post<InboxSummary>("/inboxes", { handle: "bobs" })).body.data!;
  bobMail = (await sendToInbox(t, { handle: "bobs", secret: inbox.secret }, { guid: "m", title: "Secret", content: "<p>For Bob</p>" })).body.data!.id;
  fever = feverClient(t, feverKey("ann@example.com", (await appPassword(ann)).password));
});
afterEach(async () => t.close());

/** What a refused write must leave as it was: both readers' unread rows and counts, and their stars. */
async function state() {
  const rows = async (table: "unread_entries" | "collections" | "read_marks") =>
    rowsOf<{ user_id: string; entry_id: string | number }>(await t.deps.db.execute(sql`SELECT user_id, entry_id FROM ${sql.raw(table)} ORDER BY user_id, entry_id`)).map(
      (row) => `${row.user_id}:${String(row.entry_id)}`,
    );
  return {
    unread: await rows("unread_entries"),
    stars: await rows("collections"),
    readMarks: await rows("read_marks"),
    ann: await storedCounts(t, annId),
    bob: await storedCounts(t, bobId),
  };
}

describe("Fever refusals", () => {
  it("answers 401 with auth 0 to no key, a wrong key and a revoked password's key, on every path and call", async () => {
    const calls = ["", "groups", "feeds", "favicons", "items&since_id=0", "unread_item_ids", "saved_item_ids", "links"];
    const wrong = randomBytes(16).toString("hex");
    const made = await appPassword(ann, "Unread");
    const revokedKey = feverKey("ann@example.com", made.password);
    expect((await feverClient(t, revokedKey)()).status).toBe(200);
    expect((await ann.delete(`/app-passwords/${made.id}`)).status).toBe(200);
    const before = await state();
    for (const apiKey of [null, "", wrong, "not-hex", revokedKey, feverKey("ann@example.com", "correct horse battery")]) {
      for (const path of ["/api/fever.php", "/api/fever", "/api/fever/"]) {
        const client = feverClient(t, apiKey, path);
        for (const query of calls) expect(await client(query)).toEqual({ status: 401, body: DENIED });
        expect(await client("", { mark: "item", as: "read", id: annFeed.entryIds[0]! })).toEqual({ status: 401, body: DENIED });
        expect(await client("", { mark: "group", as: "read", id: "0" })).toEqual({ status: 401, body: DENIED });
      }
    }
    const got = await t.request("/api/fever?api&groups");
    expect({ status: got.status, body: await got.json() }).toEqual({ status: 401, body: DENIED });
    expect(await state()).toEqual(before);
  });

  it("answers 400 to malformed numbers in every argument, writing nothing", async () => {
    const before = await state();
    const id = annFeed.entryIds[0]!;
    for (const query of [
      "items&since_id=abc",
      "items&since_id=-1",
      "items&since_id=1.5",
      "items&since_id=1e3",
      "items&since_id=",
      "items&max_id=0x10",
      "items&max_id=99999999999999999999",
      "items&max_id=9223372036854775808",
      `items&with_ids=${id},x`,
      `items&with_ids=${id};1`,
      `items&with_ids=${Array.from({ length: 51 }, (_, i) => i + 1).join(",")}`,
    ]) {
      expect(await fever(query), query).toEqual(refused);
    }
    const marks: Record<string, string>[] = [
      { mark: "item", as: "read", id: "abc" },
      { mark: "item", as: "read", id: "0" },
      { mark: "item", as: "read", id: "-5" },
      { mark: "item", as: "read", id: `${id}x` },
      { mark: "item", as: "read", id: "" },
      { mark: "item", as: "read" },
      { mark: "item", id },
      { mark: "item", as: "starred", id },
      { mark: "feed", as: "read", id: "1.5" },
      { mark: "feed", as: "read", id: "-1" },
      { mark: "feed", as: "read", id: "99999999999" },
      { mark: "feed", as: "unread", id: "1" },
      { mark: "feed", as: "read", id: "1", before: "yesterday" },
      { mark: "feed", as: "read", id: "1", before: "-100" },
      { mark: "group", as: "read", id: "abc" },
      { mark: "group", as: "saved", id: "0" },
      { mark: "group", as: "read", id: "0", before: "1.5" },
      { mark: "everything", as: "read", id: "0" },
    ];
    for (const form of marks) expect(await fever("unread_item_ids", form), JSON.stringify(form)).toEqual(refused);
    expect(await state()).toEqual(before);
  });

  it("refuses ids the reader does not have: another reader's inbox entry, feed and group, unknown ones; nothing written", async () => {
    const before = await state();
    const itemId = await itemIdsOf(t);
    const bobSync = (await syncIds(t, bobId))[bobFeed.feedId]!;
    const bobGroup = crc32(Buffer.from("Private", "utf8")) & 0x7fffffff;
    for (const as of ["read", "unread", "saved", "unsaved"]) {
      expect(await fever("", { mark: "item", as, id: itemId(bobMail) }), as).toEqual(refused);
      // An entry of a feed ann does not follow, never starred: not one of her items.
      expect(await fever("", { mark: "item", as, id: itemId(bobFeed.entryIds[0]!) }), as).toEqual(refused);
      expect(await fever("", { mark: "item", as, id: "9223372036854775807" }), as).toEqual(refused);
    }
    for (const id of [String(bobSync), "2147483647"]) expect(await fever("", { mark: "feed", as: "read", id }), id).toEqual(refused);
    for (const id of [String(bobGroup), "12345", "-2"]) expect(await fever("", { mark: "group", as: "read", id }), id).toEqual(refused);
    // A refused write refuses the whole call, reads included.
    expect(await fever("unread_item_ids&items", { mark: "item", as: "read", id: itemId(bobMail) })).toEqual(refused);
    expect(await state()).toEqual(before);

    // Reading never shows what is not ann's: Bob's mail asked for by id is not there.
    expect((await fever(`items&with_ids=${itemId(bobMail)},${itemId(annFeed.entryIds[0]!)}`)).body.items).toEqual([expect.objectContaining({ id: Number(itemId(annFeed.entryIds[0]!)) })]);
    const everything = await fever("items&since_id=0&unread_item_ids&saved_item_ids&feeds&groups");
    expect((everything.body.items as { id: number }[]).map((item) => String(item.id))).not.toContain(itemId(bobMail));
    expect(idList(everything.body.unread_item_ids)).not.toContain(itemId(bobMail));
    expect(JSON.stringify(everything.body)).not.toContain("Private");
    expect((everything.body.feeds as { id: number }[]).map((feed) => feed.id)).not.toContain(bobSync);
    // And Bob's own key still sees his.
    const bobFever = feverClient(t, feverKey("bob@example.com", (await appPassword(bob)).password));
    expect(idList((await bobFever("unread_item_ids")).body.unread_item_ids)).toContain(itemId(bobMail));
  });
});
