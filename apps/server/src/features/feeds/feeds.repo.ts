import { and, eq, inArray, isNull, lte, ne, or, type SQL, sql } from "drizzle-orm";
import { rowsOf, type Database, type Executor } from "../../db/client.ts";
import { feeds, subscriptions, users } from "../../db/schema/index.ts";

import type { FeedRow } from "../../db/schema/feeds.ts";

export type { FeedRow };
export type FeedInsert = typeof feeds.$inferInsert;

/** Feeds somebody reads: a subscriber, or a list that holds them. The scheduler polls only these. */
const IS_READ = sql`(EXISTS (SELECT 1 FROM subscriptions s WHERE s.feed_id = ${feeds.id})
  OR EXISTS (SELECT 1 FROM list_feeds lf WHERE lf.feed_id = ${feeds.id}))`;

export function createFeedsRepo(db: Database) {
  return {
    async findById(id: string, executor: Executor = db): Promise<FeedRow | null> {
      const [row] = await executor.select().from(feeds).where(eq(feeds.id, id));
      return row ?? null;
    },

    async findByIds(ids: string[]): Promise<FeedRow[]> {
      if (ids.length === 0) return [];
      return db.select().from(feeds).where(inArray(feeds.id, ids));
    },

    async findByUrl(url: string): Promise<FeedRow | null> {
      const [row] = await db.select().from(feeds).where(eq(feeds.url, url));
      return row ?? null;
    },

    /** Inserts a feed, or returns the existing one with the same URL. */
    async insertOrGet(feed: FeedInsert): Promise<FeedRow> {
      const [inserted] = await db.insert(feeds).values(feed).onConflictDoNothing({ target: feeds.url }).returning();
      if (inserted) return inserted;
      const [existing] = await db.select().from(feeds).where(eq(feeds.url, feed.url));
      return existing!;
    },

    async update(id: string, patch: Partial<FeedInsert>, executor: Executor = db): Promise<void> {
      await executor.update(feeds).set({ ...patch, updatedAt: new Date() }).where(eq(feeds.id, id));
    },

    /**
     * update() and recountSubscribers() as one statement (not run: a part of another, a refresh's
     * store statement, as a CTE), writing only where `when` holds.
     */
    updateAndRecountStatement(id: string, patch: Partial<FeedInsert>, when?: SQL): SQL {
      return db
        .update(feeds)
        .set({ ...patch, updatedAt: new Date(), subscriptionCount: sql`(SELECT count(*)::int FROM subscriptions s WHERE s.feed_id = ${feeds.id})` })
        .where(when ? and(eq(feeds.id, id), when) : eq(feeds.id, id))
        .getSQL();
    },

    /** Whether an administrator follows the feed (whose addresses may then be on private networks). */
    async followedByAdmin(id: string): Promise<boolean> {
      const rows = rowsOf<{ yes: boolean }>(
        await db.execute(sql`SELECT EXISTS (SELECT 1 FROM ${subscriptions} s JOIN ${users} u ON u.id = s.user_id WHERE s.feed_id = ${id} AND u.is_admin) AS yes`),
      );
      return rows[0]?.yes === true;
    },

    /** Recounts a feed's subscribers (kept on the feed for analytics and discovery). */
    async recountSubscribers(id: string): Promise<void> {
      await db
        .update(feeds)
        .set({ subscriptionCount: sql`(SELECT count(*)::int FROM subscriptions s WHERE s.feed_id = ${feeds.id})` })
        .where(eq(feeds.id, id));
    },

    /**
     * Claims up to `limit` due feeds for this worker: their next check moves to `leaseUntil`, so no
     * other worker takes them while they are fetched (a crashed worker's feeds come back when the
     * lease ends). `FOR UPDATE SKIP LOCKED` lets concurrent workers claim disjoint batches.
     */
    async claimDue(now: Date, limit: number, leaseUntil: Date): Promise<FeedRow[]> {
      // One statement: the due feeds are locked, leased and returned whole.
      return db
        .update(feeds)
        .set({ nextCheckAt: leaseUntil })
        .where(
          inArray(
            feeds.id,
            sql`(SELECT id FROM ${feeds} WHERE ${feeds.nextCheckAt} <= ${now.toISOString()}::timestamptz AND ${IS_READ}
                 ORDER BY ${feeds.nextCheckAt} LIMIT ${limit} FOR UPDATE SKIP LOCKED)`,
          ),
        )
        .returning();
    },

    /**
     * Extends the lease of feeds a live worker still holds to `leaseUntil`: each feed whose next
     * check is still the lease it holds; a feed refreshed meanwhile keeps its own next check.
     * Returns the ids renewed.
     */
    async renewClaims(claims: { id: string; leaseUntil: Date }[], leaseUntil: Date): Promise<string[]> {
      const renewed: string[] = [];
      const byLease = Map.groupBy(claims, (claim) => claim.leaseUntil.toISOString());
      for (const [heldUntil, group] of byLease) {
        const rows = await db
          .update(feeds)
          .set({ nextCheckAt: leaseUntil })
          .where(and(inArray(feeds.id, group.map((claim) => claim.id)), eq(feeds.nextCheckAt, new Date(heldUntil))))
          .returning({ id: feeds.id });
        renewed.push(...rows.map((row) => String(row.id)));
      }
      return renewed;
    },

    /**
     * Gives claimed feeds back (a process shutting down): each feed whose next check is still the
     * lease it was claimed with becomes due at `now`, so another process takes it at once. A feed
     * refreshed since has its own next check and is left alone. Returns how many were released.
     */
    async releaseClaims(claims: { id: string; leaseUntil: Date }[], now: Date): Promise<number> {
      let released = 0;
      const byLease = Map.groupBy(claims, (claim) => claim.leaseUntil.toISOString());
      for (const [leaseUntil, group] of byLease) {
        const rows = await db
          .update(feeds)
          .set({ nextCheckAt: now })
          .where(and(inArray(feeds.id, group.map((claim) => claim.id)), eq(feeds.nextCheckAt, new Date(leaseUntil))))
          .returning({ id: feeds.id });
        released += rows.length;
      }
      return released;
    },

    /** The earliest next check among the feeds somebody reads, or null when there is none. */
    async nextDueAt(): Promise<Date | null> {
      const [row] = await db
        .select({ at: sql<string | null>`min(${feeds.nextCheckAt})` })
        .from(feeds)
        .where(IS_READ);
      return row?.at ? new Date(row.at) : null;
    },

    /** Marks feeds due now: all read feeds, or the given ones. Returns how many. */
    async markDue(now: Date, ids?: string[]): Promise<number> {
      const rows = await db
        .update(feeds)
        .set({ nextCheckAt: now })
        .where(ids ? inArray(feeds.id, ids) : IS_READ)
        .returning({ id: feeds.id });
      return rows.length;
    },

    /** How many read feeds are due at `now`. */
    async countDue(now: Date): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(feeds)
        .where(and(lte(feeds.nextCheckAt, now), IS_READ));
      return Number(row?.count ?? 0);
    },

    /**
     * Claims the site-icon lookup of a feed on `pageUrl` (fetcher/site-icon.ts) when it is due, as
     * siteIconDue() tells from a row: the feed has no image or the site's, and the last lookup was
     * for another homepage, or none was, or its wait is over. The claim keeps other processes off
     * until `leaseUntil`; false when one of them holds it or the lookup is not due any more.
     */
    async claimSiteIconLookup(id: string, pageUrl: string, now: Date, leaseUntil: Date): Promise<boolean> {
      const rows = await db
        .update(feeds)
        .set({ siteIconPageUrl: pageUrl, siteIconNextCheckAt: leaseUntil })
        .where(
          and(
            eq(feeds.id, id),
            or(isNull(feeds.image), eq(feeds.image, feeds.siteIcon)),
            or(isNull(feeds.siteIconPageUrl), ne(feeds.siteIconPageUrl, pageUrl), isNull(feeds.siteIconNextCheckAt), lte(feeds.siteIconNextCheckAt, now)),
          ),
        )
        .returning({ id: feeds.id });
      return rows.length > 0;
    },

    /**
     * Records a site-icon lookup: when the next one is due and what it found, unless a lookup on
     * another homepage has claimed the feed since. A found icon becomes the feed's image when it
     * has none or the site's; finding none keeps what the feed has (a site down for a day keeps
     * its icon).
     */
    async recordSiteIcon(id: string, outcome: { pageUrl: string; icon: string | null; nextCheckAt: Date }): Promise<void> {
      const { icon } = outcome;
      await db
        .update(feeds)
        .set({
          siteIconNextCheckAt: outcome.nextCheckAt,
          // On the right of SET, site_icon is the value before this statement.
          ...(icon ? { siteIcon: icon, image: sql`CASE WHEN ${feeds.image} IS NULL OR ${feeds.image} = ${feeds.siteIcon} THEN ${icon} ELSE ${feeds.image} END`, updatedAt: new Date() } : {}),
        })
        .where(and(eq(feeds.id, id), eq(feeds.siteIconPageUrl, outcome.pageUrl)));
    },
  };
}

export type FeedsRepo = ReturnType<typeof createFeedsRepo>;
