import { Parser } from "htmlparser2";
import { sniffImage } from "../features/images/image-sniff.ts";
import type { FeedsRepo } from "../features/feeds/feeds.repo.ts";
import type { Clock } from "../lib/clock.ts";
import type { HttpClient } from "../lib/http/index.ts";
import type { Logger } from "../lib/logger.ts";
import { Semaphore } from "../lib/semaphore.ts";
import { decodeDocument } from "./decode.ts";

/** A homepage or an icon larger than this is not worth reading for an icon. */
const MAX_BYTES = 1024 * 1024;
const TIMEOUT_MS = 10_000;
/** Icons tried before `/favicon.ico`. */
const MAX_CANDIDATES = 4;
/** A feed without an icon is looked at again after this long (per process). */
const RETRY_MS = 24 * 3_600_000;
const MAX_REMEMBERED = 20_000;

/** An icon a page announces, with the size it claims (in pixels; 512 for "any", a vector). */
export interface IconLink {
  href: string;
  size: number;
}

/** The size an icon link claims: its `sizes`, else what its kind usually is. */
function claimedSize(rel: string[], sizes: string | undefined, href: string, type: string | undefined): number {
  const listed = (sizes ?? "")
    .toLowerCase()
    .split(/\s+/)
    .map((size) => (size === "any" ? 512 : Math.max(...size.split("x").map(Number).filter(Number.isFinite))))
    .filter((size) => size > 0);
  if (listed.length) return Math.max(...listed);
  if (rel.some((token) => token.startsWith("apple-touch-icon"))) return 180;
  if (type === "image/svg+xml" || /\.svg(?:$|[?#])/i.test(href)) return 512;
  return 32;
}

/**
 * The icons an HTML page announces in its head (`icon`, `shortcut icon`, `apple-touch-icon`),
 * resolved against its `<base>` or its URL, the largest first up to 512 px, then larger ones (no
 * better as an avatar, and heavier), then the smaller. Monochrome `mask-icon`s are left out.
 */
export function iconLinks(html: string, pageUrl: string): IconLink[] {
  const links: (IconLink & { order: number })[] = [];
  let base = pageUrl;
  let done = false;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (done) return;
        if (name === "body") done = true;
        if (name === "base" && attributes.href) {
          try {
            base = new URL(attributes.href, pageUrl).href;
          } catch {
            // a broken <base> is ignored
          }
        }
        if (name !== "link" || !attributes.href) return;
        const rel = (attributes.rel ?? "").toLowerCase().split(/\s+/);
        if (!rel.includes("icon") && !rel.some((token) => token.startsWith("apple-touch-icon"))) return;
        let href: string;
        try {
          href = new URL(attributes.href.trim(), base).href;
        } catch {
          return;
        }
        if (!/^https?:/.test(href) || links.some((link) => link.href === href)) return;
        links.push({ href, size: claimedSize(rel, attributes.sizes, href, attributes.type?.trim().toLowerCase()), order: links.length });
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html.slice(0, 512 * 1024));
  parser.end();
  const rank = (size: number) => (size > 512 ? 511 - 1 / size : size);
  return links.sort((a, b) => rank(b.size) - rank(a.size) || a.order - b.order).map(({ href, size }) => ({ href, size }));
}

async function get(http: HttpClient, url: string, accept: string) {
  const response = await http.request({ url, headers: { accept }, maxBytes: MAX_BYTES, signal: AbortSignal.timeout(TIMEOUT_MS) });
  return response.status >= 200 && response.status < 300 ? response : null;
}

/**
 * A site's own icon: the best one its homepage announces that is really an image, else its
 * `/favicon.ico`; null when it has none. Fetched through the guarded client, never throws.
 */
export async function findSiteIcon(http: HttpClient, pageUrl: string): Promise<string | null> {
  let page: URL;
  try {
    page = new URL(pageUrl);
  } catch {
    return null;
  }
  if (page.protocol !== "http:" && page.protocol !== "https:") return null;
  const candidates: string[] = [];
  try {
    const response = await get(http, page.href, "text/html,application/xhtml+xml;q=0.9,*/*;q=0.5");
    if (response && /html/i.test(response.headers["content-type"] ?? "text/html")) {
      const html = decodeDocument(response.body, response.headers["content-type"]).text;
      candidates.push(...iconLinks(html, response.url).slice(0, MAX_CANDIDATES).map((link) => link.href));
      page = new URL(response.url);
    }
  } catch {
    // no homepage: /favicon.ico may still be there
  }
  const favicon = new URL("/favicon.ico", page).href;
  if (!candidates.includes(favicon)) candidates.push(favicon);
  for (const candidate of candidates) {
    try {
      const response = await get(http, candidate, "image/avif,image/webp,image/png,image/svg+xml,image/*;q=0.8");
      if (response && sniffImage(response.body)) return candidate;
    } catch {
      // the next one
    }
  }
  return null;
}

/** Looks for the icons of feeds that have no image, in the background. */
export interface SiteIcons {
  /** Starts looking for the icon of `feedId` on `pageUrl` (at most once a day per feed); never throws. */
  lookUp(feedId: string, pageUrl: string): void;
}

/**
 * Site icons for feeds without an image: looked up after a refresh, two at a time, and stored as
 * the feed's image when the feed still has none. A feed whose site has no icon is tried again a
 * day later (clients fall back to the avatar services meanwhile).
 */
export function createSiteIcons(deps: { http: HttpClient; feeds: Pick<FeedsRepo, "findById" | "update">; clock: Clock; logger: Logger }): SiteIcons {
  const tried = new Map<string, number>();
  const slots = new Semaphore(2);
  return {
    lookUp(feedId, pageUrl) {
      const now = deps.clock.now().getTime();
      const last = tried.get(feedId);
      if (last !== undefined && now - last < RETRY_MS) return;
      if (tried.size >= MAX_REMEMBERED) for (const [id, at] of tried) if (now - at >= RETRY_MS || tried.size >= MAX_REMEMBERED) tried.delete(id);
      tried.set(feedId, now);
      void slots
        .run(async () => {
          const icon = await findSiteIcon(deps.http, pageUrl);
          if (!icon) return;
          const feed = await deps.feeds.findById(feedId);
          if (feed && !feed.image) await deps.feeds.update(feedId, { image: icon });
        })
        .catch((error: unknown) => deps.logger.debug({ err: error, feedId }, "site icon lookup failed"));
    },
  };
}
