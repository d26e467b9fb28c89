import type { TestApp } from "../helpers/app.ts";
import { feeds, lists, subscriptions } from "../../src/db/schema/index.ts";

export interface ImportAnswer {
  status: number;
  body: {
    code: number;
    message?: string;
    reason?: string;
    data?: {
      successfulItems: { id: string; url: string; title: string | null; siteUrl: string | null }[];
      conflictItems: { id: string; url: string; title: string | null }[];
      parsedErrorItems: { url?: string; title?: string; reason: string }[];
    };
  };
}

/** POST /api/subscriptions/import with `content` as the multipart field `file`. */
export async function importOpml(t: TestApp, cookie: string | null, content: string | Uint8Array, fields: Record<string, string> = {}): Promise<ImportAnswer> {
  const form = new FormData();
  form.set("file", new File([content], "subscriptions.opml", { type: "text/x-opml" }));
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const response = await t.request("/api/subscriptions/import", { method: "POST", body: form, ...(cookie ? { cookie } : {}) });
  return { status: response.status, body: (await response.json()) as ImportAnswer["body"] };
}

/** GET /api/subscriptions/export?query. */
export async function exportOpml(t: TestApp, cookie: string | null, query = ""): Promise<{ status: number; headers: Headers; text: string }> {
  const response = await t.request(`/api/subscriptions/export${query}`, cookie ? { cookie } : {});
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** An OPML document around `body`. */
export const opml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>
<opml version="1.0"><head><title>Feeds from another reader</title></head><body>${body}</body></opml>`;

/** A feed outline. */
export const feedOutline = (url: string, title: string, attributes = "") =>
  `<outline type="rss" text="${title}" title="${title}" xmlUrl="${url}" ${attributes}/>`;

/** Inserts a feed (not fetched) and subscribes `userId` to it directly in the database. */
export async function followFeed(
  t: TestApp,
  userId: string,
  feed: { url: string; title?: string | null; siteUrl?: string | null },
  subscription: { view?: number; category?: string | null; title?: string | null; isPrivate?: boolean } = {},
): Promise<string> {
  const { db, ids } = t.deps;
  const [inserted] = await db.insert(feeds).values({ id: ids.next(), url: feed.url, title: feed.title ?? null, siteUrl: feed.siteUrl ?? null }).onConflictDoNothing().returning();
  const feedId = inserted?.id ?? (await t.deps.feedsRepo.findByUrl(feed.url))!.id;
  await db.insert(subscriptions).values({
    id: ids.next(),
    userId,
    type: "feed",
    feedId,
    view: subscription.view ?? 0,
    category: subscription.category ?? null,
    title: subscription.title ?? null,
    isPrivate: subscription.isPrivate ?? false,
  });
  return feedId;
}

/** Creates a list owned by `userId` and subscribes `userId` to it (a list is no feed: never exported). */
export async function followOwnList(t: TestApp, userId: string, title: string): Promise<string> {
  const { db, ids } = t.deps;
  const listId = ids.next();
  await db.insert(lists).values({ id: listId, ownerUserId: userId, title });
  await db.insert(subscriptions).values({ id: ids.next(), userId, type: "list", listId, view: 0, category: "Lists" });
  return listId;
}
