import { Parser } from "htmlparser2";
import { sniffImage } from "../content/image-sniff.ts";
import type { FeedsRepo } from "../features/feeds/index.ts";
import type { Clock } from "../lib/clock.ts";
import { FetchError, type HttpClient } from "../lib/http/index.ts";
import type { Logger } from "../lib/logger.ts";
import { Semaphore } from "../lib/semaphore.ts";
import { decodeDocument } from "../content/decode/decode.ts";
import { siteIconDue, siteIconRecheckMs, type SiteIconState } from "./site-icon-schedule.ts";

/** A homepage or an icon larger than this is not worth reading for an icon. */
const MAX_BYTES = 1024 * 1024;
const TIMEOUT_MS = 10_000;
/** Icons tried before `/favicon.ico`. */
const MAX_CANDIDATES = 4;
/**
 * How long a claimed lookup keeps other processes off the feed: well past the longest one (a
 * homepage and five icons, TIMEOUT_MS each). A process that stops mid-lookup leaves the feed to
 * the next after that.
 */
const CLAIM_MS = 5 * 60_000;

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

/**
 * A lookup cut short by its HTTP client closing (the process is stopping): it says nothing about
 * the site, so it is not recorded as "no icon".
 */
export class SiteIconLookupInterrupted extends Error {}

async function get(http: HttpClient, url: string, accept: string) {
  const deadline = AbortSignal.timeout(TIMEOUT_MS);
  try {
    const response = await http.request({ url, headers: { accept }, maxBytes: MAX_BYTES, signal: deadline });
    return response.status >= 200 && response.status < 300 ? response : null;
  } catch (error) {
    // "aborted" is also what our own deadline gives; without it, the client was closed.
    if (error instanceof FetchError && error.kind === "aborted" && !deadline.aborted) throw new SiteIconLookupInterrupted(error.message, { cause: error });
    throw error;
  }
}

/** What a look for a site's icon found: the icon (null: none), and what its homepage said of caching. */
export interface SiteIconLookup {
  icon: string | null;
  /** The homepage's Cache-Control; null when no homepage answered or it sent none. */
  cacheControl: string | null;
}

/**
 * A site's own icon: the best one its homepage announces that is really an image, else its
 * `/favicon.ico`; null when it has none. Fetched through the guarded client; throws only
 * SiteIconLookupInterrupted, when that client is closed under it.
 */
export async function findSiteIcon(http: HttpClient, pageUrl: string): Promise<SiteIconLookup> {
  let page: URL;
  try {
    page = new URL(pageUrl);
  } catch {
    return { icon: null, cacheControl: null };
  }
  if (page.protocol !== "http:" && page.protocol !== "https:") return { icon: null, cacheControl: null };
  const candidates: string[] = [];
  let cacheControl: string | null = null;
  try {
    const response = await get(http, page.href, "text/html,application/xhtml+xml;q=0.9,*/*;q=0.5");
    cacheControl = response?.headers["cache-control"] ?? null;
    if (response && /html/i.test(response.headers["content-type"] ?? "text/html")) {
      const html = decodeDocument(response.body, response.headers["content-type"]).text;
      candidates.push(...iconLinks(html, response.url).slice(0, MAX_CANDIDATES).map((link) => link.href));
      page = new URL(response.url);
    }
  } catch (error) {
    if (error instanceof SiteIconLookupInterrupted) throw error;
    // no homepage: /favicon.ico may still be there
  }
  const favicon = new URL("/favicon.ico", page).href;
  if (!candidates.includes(favicon)) candidates.push(favicon);
  for (const candidate of candidates) {
    try {
      const response = await get(http, candidate, "image/avif,image/webp,image/png,image/svg+xml,image/*;q=0.8");
      if (response && sniffImage(response.body)) return { icon: candidate, cacheControl };
    } catch (error) {
      if (error instanceof SiteIconLookupInterrupted) throw error;
      // the next one
    }
  }
  return { icon: null, cacheControl };
}

/** Looks for the icons of feeds that have no image of their own, in the background. */
export interface SiteIcons {
  /**
   * Starts looking for the icon of `feed`'s site on `pageUrl` when a lookup is due (siteIconDue),
   * through `http`: the client the feed itself was fetched with (the private-network policy's
   * for its readers); never throws.
   */
  lookUp(feed: SiteIconState, pageUrl: string, http: HttpClient): void;
}

/**
 * Site icons for feeds without an image of their own: looked up after a refresh, two at a time.
 * The outcome, found or not, is kept on the feed, so that no process asks again before it is due
 * (site-icon-schedule.ts: a week, or what the homepage's Cache-Control says, or sooner when the
 * site URL changes); clients fall back to the avatar services meanwhile. Each lookup is claimed in
 * the database first, so that of several processes refreshing the feed, one looks.
 */
export function createSiteIcons(deps: {
  feeds: Pick<FeedsRepo, "claimSiteIconLookup" | "recordSiteIcon">;
  clock: Clock;
  logger: Logger;
}): SiteIcons {
  // Feeds queued or being looked at by this process: one refreshed again meanwhile is not queued
  // twice (its claim would fail, but only after a query).
  const pending = new Set<string>();
  const slots = new Semaphore(2);
  return {
    lookUp(feed, pageUrl, http) {
      if (pending.has(feed.id) || !siteIconDue(feed, pageUrl, deps.clock.now())) return;
      pending.add(feed.id);
      void slots
        .run(async () => {
          // Claimed when its turn comes, not when queued: a process that stops leaves the feeds it
          // never got to due for the next one.
          const now = deps.clock.now();
          if (!(await deps.feeds.claimSiteIconLookup(feed.id, pageUrl, now, new Date(now.getTime() + CLAIM_MS)))) return;
          const found = await findSiteIcon(http, pageUrl);
          const nextCheckAt = new Date(deps.clock.now().getTime() + siteIconRecheckMs(found.cacheControl));
          await deps.feeds.recordSiteIcon(feed.id, { pageUrl, icon: found.icon, nextCheckAt });
        })
        .catch((error: unknown) => deps.logger.debug({ err: error, feedId: feed.id }, "site icon lookup failed"))
        .finally(() => pending.delete(feed.id));
    },
  };
}
