import { sql } from "drizzle-orm";
import { type Database, rowsOf } from "@tidings/server";

/** Common English words; picked with a skewed distribution, so a few are frequent and most rare. */
const WORDS = (
  "the of and to in is that for it as was with be by on not he this are or his from at which but have an they you were her she there one all we their can has been " +
  "would more if no when will out so up said what its about into than them only other new some could time these two may first then do any like my now over such our man me even most made " +
  "after also did many before must through back years where much your way well down should because each just those people how too little state good very make world still own see men work long " +
  "get here between both life being under never day same another know while last might us great old year off come since against go came right used take three states himself few house use during without again " +
  "place around however home small found thought went say part once general high upon school every does got united left number course war until always away something fact though water less public put think almost hand enough far took head yet government system better set told nothing night end why called didn eyes find going look asked later knew point next program city business give group toward young days let room president side social given present several order national possible rather second face per among form important often things looked early white case john become large big need four within felt along children saw best church ever least power development light thing seemed family interest want members mind country area others done turned although open god service certain kind problem began different door thus help sense means whole matter perhaps itself york times law human line above name example action company hands local show whether five history gave today either act feet across taken past quite anything seen having death week experience body word half really field am car words already themselves information tell together college shall money period held keep sure probably free seems real behind cannot miss political air question making office brought whose special heard major problems ago became federal moment study available known result street economic boy position reason change south board individual job areas society west close turn love community true court force full seem am front policy center process art wanted feature river ground control data model release update software feed reader article network server garden science music coffee travel paper market energy climate health design research security privacy browser database"
).split(/\s+/);

if (WORDS.length < 420) throw new Error("the benchmark vocabulary is too short");

export interface SeededReader {
  feedIds: string[];
  unread: number;
  starred: number;
  unreadSample: string[];
  searchWords: string[];
  markAllView: number;
  markAllUnread: number;
}

/**
 * Seeds one reader in bulk with SQL (generate_series): `feeds` feeds and subscriptions (70% in
 * view 0, some private), `entries` entries spread over a year with realistic word frequencies,
 * their timeline rows (one in seven unread), unread counts, stars and search documents.
 */
export async function seedReader(db: Database, options: { userId: string; feeds: number; entries: number; firstId: bigint }): Promise<SeededReader> {
  const { userId, feeds, entries } = options;
  const feedBase = options.firstId;
  const entryBase = options.firstId + BigInt(feeds) + 10n;
  const words = sql`${`{${WORDS.join(",")}}`}::text[]`;
  const pick = (n: number) =>
    sql`array_to_string(ARRAY(SELECT (${words})[1 + floor(power(random(), 2.5) * ${WORDS.length}::int)::int] FROM generate_series(1, ${n}::int) k WHERE g IS NOT NULL), ' ')`;

  await db.execute(sql`
    INSERT INTO feeds (id, url, title, site_url, subscription_count, checked_at, next_check_at)
    SELECT ${feedBase.toString()}::bigint + g, 'https://bench' || g || '.example/feed.xml', 'Bench feed ' || g, 'https://bench' || g || '.example/', 1, now(), now() + interval '1 day'
    FROM generate_series(1, ${feeds}::int) g`);
  await db.execute(sql`
    INSERT INTO subscriptions (id, user_id, type, feed_id, view, is_private, category)
    SELECT ${(feedBase + 100_000_000n).toString()}::bigint + g, ${userId}, 'feed', ${feedBase.toString()}::bigint + g,
      CASE WHEN g % 10 < 7 THEN 0 WHEN g % 10 = 7 THEN 1 WHEN g % 10 = 8 THEN 2 ELSE 4 END, g % 20 = 0, 'Folder ' || (g % 25)
    FROM generate_series(1, ${feeds}::int) g`);
  const chunk = 100_000;
  for (let start = 0; start < entries; start += chunk) {
    const end = Math.min(entries, start + chunk);
    await db.execute(sql`
      INSERT INTO entries (id, feed_id, guid, title, url, description, content, content_hash, published_at, inserted_at, updated_at)
      SELECT ${entryBase.toString()}::bigint + g, ${feedBase.toString()}::bigint + 1 + (g % ${feeds}::int), 'g' || g, t.title,
        'https://bench.example/e/' || g, t.description, '<p>' || t.description || '</p>', md5(g::text),
        now() - (g * interval '1 second' * ${Math.floor((365 * 86400) / entries)}::int), now(), now()
      FROM generate_series(${start}::int, ${end - 1}::int) g, LATERAL (SELECT ${pick(7)} AS title, ${pick(30)} AS description) t`);
  }
  await db.execute(sql`
    INSERT INTO timeline (user_id, entry_id, source_type, source_id, feed_id, view, published_at, inserted_at)
    SELECT ${userId}, e.id, 'feed', e.feed_id, e.feed_id, s.view, e.published_at, e.inserted_at
    FROM entries e JOIN subscriptions s ON s.feed_id = e.feed_id AND s.user_id = ${userId}`);
  // One entry in seven is unread.
  await db.execute(sql`
    INSERT INTO unread_entries (user_id, entry_id, source_id, source_type, view, published_at)
    SELECT user_id, entry_id, source_id, source_type, view, published_at FROM timeline WHERE user_id = ${userId} AND entry_id % 7 = 0`);
  await db.execute(sql`DELETE FROM unread_counts WHERE user_id = ${userId}`);
  await db.execute(sql`
    INSERT INTO unread_counts (user_id, source_id, count)
    SELECT user_id, source_id, count(*)::int FROM unread_entries WHERE user_id = ${userId} GROUP BY user_id, source_id`);
  await db.execute(sql`
    INSERT INTO collections (user_id, entry_id, feed_id, view, created_at)
    SELECT ${userId}, id, feed_id, 0, published_at FROM entries WHERE id % 500 = 0`);
  await db.execute(sql`
    INSERT INTO entry_search (entry_id, feed_id, document)
    SELECT id, feed_id, setweight(to_tsvector('simple', coalesce(title, '')), 'A') || setweight(to_tsvector('simple', coalesce(description, '')), 'B') FROM entries`);
  await db.execute(sql`ANALYZE`);

  const count = async (query: ReturnType<typeof sql>) => Number(rowsOf<{ n: number }>(await db.execute(query))[0]!.n);
  const unreadSample = rowsOf<{ id: string | number }>(
    await db.execute(sql`SELECT entry_id AS id FROM unread_entries WHERE user_id = ${userId} AND view <> 0 ORDER BY published_at DESC LIMIT 30000`),
  ).map((row) => String(row.id));
  return {
    feedIds: Array.from({ length: feeds }, (_, i) => (feedBase + BigInt(i + 1)).toString()),
    unread: await count(sql`SELECT count(*)::int AS n FROM unread_entries WHERE user_id = ${userId}`),
    starred: await count(sql`SELECT count(*)::int AS n FROM collections WHERE user_id = ${userId}`),
    unreadSample,
    // Words of middling frequency, as people search for them, and a two-word query.
    searchWords: [WORDS[60]!, WORDS[140]!, WORDS[250]!, WORDS[330]!, `${WORDS[200]} ${WORDS[90]}`, WORDS[380]!, WORDS[415]!, "garden"],
    markAllView: 0,
    markAllUnread: await count(sql`SELECT count(*)::int AS n FROM unread_entries WHERE user_id = ${userId} AND view = 0`),
  };
}
