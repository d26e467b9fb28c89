import type { InboxSummary, ListSummary } from "@tidings/contracts";
import { eq } from "drizzle-orm";
import { entries, feeds, users } from "../../src/db/schema/index.ts";
import { apiAs } from "../helpers/api.ts";
import { signUp, type TestApp } from "../helpers/app.ts";
import { seedFeed } from "../helpers/seed.ts";
import { sendToInbox } from "../inboxes/webhook-helpers.ts";

/** A title that must come out escaped wherever it is shown. */
export const HOSTILE_TITLE = `<script>alert("owned")</script> Tides & "boats"`;

export interface ShareFixture {
  ann: { userId: string; cookie: string };
  feedId: string;
  entryIds: string[];
  hostileEntryId: string;
  privateFeedId: string;
  listId: string;
  inboxEntryId: string;
}

/**
 * Ann follows "Harbour Notes" publicly (3 entries, one titled with markup) and "Secret Garden"
 * privately, owns and follows the list "Sea news" holding the first, and receives an inbox entry.
 */
export async function seedShareFixture(t: TestApp): Promise<ShareFixture> {
  const ann = await signUp(t, { email: "ann@example.com", name: "Ann Curator" });
  await t.deps.db.update(users).set({ handle: "ann", bio: "Reads about the sea." }).where(eq(users.id, ann.userId));
  const api = apiAs(t, ann.cookie);
  const { feedId, entryIds } = await seedFeed(t, { userId: ann.userId, count: 3, title: "Harbour Notes" });
  await t.deps.db.update(feeds).set({ description: "Ships, tides and the harbour.", siteUrl: "https://harbour.example/" }).where(eq(feeds.id, feedId));
  const hostileEntryId = entryIds[2]!;
  await t.deps.db.update(entries).set({ title: HOSTILE_TITLE, author: "Kim Keeper" }).where(eq(entries.id, hostileEntryId));
  const { feedId: privateFeedId } = await seedFeed(t, { userId: ann.userId, count: 1, title: "Secret Garden", isPrivate: true });
  const list = (await api.post<ListSummary>("/lists", { title: "Sea news", description: "Tides and the harbour, hand-picked.", view: 0 })).body.data!;
  await api.post("/lists/feeds", { listId: list.id, feedId });
  await api.post("/subscriptions", { listId: list.id, view: 0 });
  const inbox = (await api.post<InboxSummary>("/inboxes", { handle: "annbox" })).body.data!;
  const sent = await sendToInbox(t, { handle: "annbox", secret: inbox.secret }, { guid: "m1", title: "Private letter", content: "<p>For Ann only</p>", publishedAt: Date.UTC(2026, 10, 20) });
  return { ann, feedId, entryIds, hostileEntryId, privateFeedId, listId: list.id, inboxEntryId: sent.body.data!.id };
}

/** The content attribute of `<meta property|name="key">` in a page, or null. */
export function metaOf(html: string, key: string): string | null {
  const tag = new RegExp(`<meta (?:property|name)="${key.replace(/[:.]/g, "\\$&")}" content="([^"]*)"`).exec(html);
  return tag ? tag[1]! : null;
}

/** The body of a page from the root element on, where the server puts the page's content. */
export function rootOf(html: string): string {
  return html.slice(html.indexOf('<div id="root">'));
}

/** Width and height from a PNG's IHDR chunk; throws when the bytes are not a PNG. */
export function pngSize(bytes: Buffer): { width: number; height: number } {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (!bytes.subarray(0, 8).equals(signature) || bytes.toString("latin1", 12, 16) !== "IHDR") throw new Error("not a PNG");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}
