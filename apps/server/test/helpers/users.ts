import type { Database } from "../../src/db/client.ts";
import { feeds, subscriptions, users } from "../../src/db/schema/index.ts";
import type { IdGenerator } from "@tidings/contracts";

/** Inserts an account row directly (no password), for tests that need a reader. */
export async function insertUser(db: Database, ids: IdGenerator, name = "Reader"): Promise<string> {
  const id = ids.next();
  await db.insert(users).values({ id, name, email: `${name.toLowerCase()}-${id}@example.com`, role: "user" });
  return id;
}

/** Inserts a feed and subscribes `userId` to it in `view`. */
export async function subscribeToFeed(db: Database, ids: IdGenerator, userId: string, url: string, view = 0): Promise<string> {
  const [feed] = await db.insert(feeds).values({ id: ids.next(), url }).onConflictDoNothing().returning();
  const feedId = feed?.id ?? (await db.query.feeds.findFirst({ where: (f, { eq }) => eq(f.url, url) }))!.id;
  await db.insert(subscriptions).values({ id: ids.next(), userId, type: "feed", feedId, view });
  return feedId;
}
