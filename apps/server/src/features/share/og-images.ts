import { Semaphore } from "../../lib/semaphore.ts";
import type { Shared, SharedEntry, SharedFeed, SharedList, SharedUser } from "./share.service.ts";
import { hostOf, initialsOf, plainText, truncate } from "./share-html.ts";
import { entryTitle } from "./share-page-parts.ts";
import type { CardData } from "./og-card.ts";
import type { PictureFetcher } from "./og-picture.ts";
import type { CardRenderer } from "./og-render.ts";
import { LruCache } from "./lru-cache.ts";

/** The picture and the words of a card, before its picture is fetched. */
export type CardSource = Omit<CardData, "picture" | "footer"> & { pictureUrl: string | null };

const TITLE_CHARS = 160;

export function entryCard({ data: { entry, feed } }: Shared<SharedEntry>): CardSource {
  const feedTitle = feed.title ?? hostOf(feed.siteUrl ?? feed.url) ?? feed.url;
  const eyebrow = [feedTitle, entry.author].filter(Boolean).join(" · ");
  return { title: truncate(entryTitle(entry), TITLE_CHARS), eyebrow, description: plainText(entry.description || entry.content, TITLE_CHARS), badge: initialsOf(feedTitle), pictureUrl: feed.image, round: false };
}

export function feedCard({ data: { feed } }: Shared<SharedFeed>): CardSource {
  const title = feed.title ?? hostOf(feed.siteUrl ?? feed.url) ?? feed.url;
  return { title: truncate(title, TITLE_CHARS), eyebrow: hostOf(feed.siteUrl ?? feed.url) ?? "Feed", description: plainText(feed.description, TITLE_CHARS), badge: initialsOf(title), pictureUrl: feed.image, round: false };
}

export function listCard({ data: { list, feedCount } }: Shared<SharedList>): CardSource {
  const owner = list.owner?.name ?? list.owner?.handle;
  const eyebrow = `List${owner ? ` by ${owner}` : ""} · ${feedCount} ${feedCount === 1 ? "feed" : "feeds"}`;
  return { title: truncate(list.title, TITLE_CHARS), eyebrow, description: plainText(list.description, TITLE_CHARS), badge: initialsOf(list.title), pictureUrl: list.image, round: false };
}

export function userCard({ data: { user } }: Shared<SharedUser>): CardSource {
  const name = user.name ?? user.handle ?? "Someone";
  return { title: truncate(name, TITLE_CHARS), eyebrow: user.handle ? `@${user.handle}` : "On Tidings", description: plainText(user.bio, TITLE_CHARS), badge: initialsOf(name), pictureUrl: user.image, round: true };
}

/** Share images, drawn once per page version and kept in memory. */
export interface OgImages {
  /** The PNG for `source` under `key` (kind, id and version): from the cache, or drawn now. */
  png(key: string, source: CardSource): Promise<Buffer>;
  /** Gets ready to draw: a page was asked for, and a link preview asks for its picture next. */
  warm(): void;
}

/**
 * At most `concurrency` images are drawn at once (each takes a processor for tens of
 * milliseconds); requests for an image being drawn wait for it instead of drawing it again.
 */
export function createOgImages(options: { renderer: CardRenderer; pictures: PictureFetcher; footer: string; cacheBytes: number; concurrency: number }): OgImages {
  const cache = new LruCache<Buffer>({ maxEntries: 5000, maxBytes: options.cacheBytes, sizeOf: (png) => png.length });
  const drawing = new Map<string, Promise<Buffer>>();
  const slots = new Semaphore(options.concurrency);

  async function draw(source: CardSource): Promise<Buffer> {
    const picture = await options.pictures.dataUri(source.pictureUrl);
    const { pictureUrl: _url, ...words } = source;
    return slots.run(() => options.renderer.render({ ...words, picture, footer: options.footer }));
  }

  return {
    warm: () => options.renderer.warm(),
    png(key, source) {
      const cached = cache.get(key);
      if (cached) return Promise.resolve(cached);
      let pending = drawing.get(key);
      if (!pending) {
        pending = draw(source).then(
          (png) => {
            cache.set(key, png);
            drawing.delete(key);
            return png;
          },
          (error: unknown) => {
            drawing.delete(key);
            throw error;
          },
        );
        drawing.set(key, pending);
      }
      return pending;
    },
  };
}
