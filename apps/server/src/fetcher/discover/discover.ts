import type { FeedView } from "@tidings/contracts";
import { FetchError, type HttpClient, type HttpResponse, isRefusal } from "../../lib/http/index.ts";
import { decodeDocument } from "../../content/decode/decode.ts";
import { normalizeFeedUrl } from "../../content/feed-url.ts";
import { isRsshubUrl } from "../../features/rsshub/index.ts";
import { inferView } from "../../content/infer-view.ts";
import type { ParsedFeed } from "../../content/parse/model.ts";
import { parseFeedDocument } from "../../content/parse/parse-feed.ts";
import { alternateFeedLinks } from "./html-links.ts";
import { platformFeeds, WELL_KNOWN_PATHS } from "./platforms.ts";

/** A feed found for a URL, with what a person needs to choose it. */
export interface FeedCandidate {
  url: string;
  title: string | null;
  siteUrl: string | null;
  description: string | null;
  image: string | null;
  view: FeedView;
  /** The parsed document, so a caller that subscribes need not fetch it again. */
  feed: ParsedFeed;
}

export interface DiscoverDeps {
  http: HttpClient;
  /** Fetches an `rsshub://` route (through the reader's instance, or the default). */
  rsshub: (url: string) => Promise<HttpResponse>;
}

type DiscoveryFailure = "invalid-url" | "fetch-failed" | "no-feed" | "no-route";

/** Why discovery found nothing: the URL was unusable or unreachable, it holds no feed, or RSSHub has no such route. */
export class DiscoveryError extends Error {
  readonly reason: DiscoveryFailure;
  constructor(reason: DiscoveryFailure, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "DiscoveryError";
    this.reason = reason;
  }
}

async function fetchText(deps: DiscoverDeps, url: string) {
  const response = isRsshubUrl(url) ? await deps.rsshub(url) : await deps.http.request({ url });
  if (response.status < 200 || response.status >= 300) throw new DiscoveryError("fetch-failed", `HTTP ${response.status} from ${url}`);
  return { text: decodeDocument(response.body, response.headers["content-type"]).text, url: response.url, contentType: response.headers["content-type"] ?? "" };
}

function candidate(url: string, feed: ParsedFeed, fallbackTitle: string | null = null): FeedCandidate {
  return { url, title: feed.title ?? fallbackTitle, siteUrl: feed.siteUrl, description: feed.description, image: feed.image, view: inferView(feed), feed };
}

/** The feed an RSSHub route answers; "no-route" when the instance has no such route. */
async function routeFeed(deps: DiscoverDeps, url: string): Promise<FeedCandidate> {
  let response;
  try {
    response = await deps.rsshub(url);
  } catch (error) {
    throw new DiscoveryError("fetch-failed", `The RSSHub route ${url} could not be fetched: ${(error as Error).message}`, { cause: error });
  }
  if (response.status === 404) throw new DiscoveryError("no-route", `RSSHub has no route ${url.slice("rsshub://".length - 1)}`);
  if (response.status < 200 || response.status >= 300) throw new DiscoveryError("fetch-failed", `HTTP ${response.status} from the RSSHub route ${url}`);
  try {
    const document = decodeDocument(response.body, response.headers["content-type"]);
    return candidate(url, parseFeedDocument(document.text, response.url));
  } catch {
    throw new DiscoveryError("no-feed", `The RSSHub route ${url} gave no feed`);
  }
}

/** A candidate for `url` if it is a feed; null when it is not (or cannot be fetched). */
async function tryFeed(deps: DiscoverDeps, url: string, title: string | null = null): Promise<FeedCandidate | null> {
  try {
    const document = await fetchText(deps, url);
    return candidate(url.startsWith("rsshub://") ? url : document.url, parseFeedDocument(document.text, document.url), title);
  } catch {
    return null;
  }
}

const found = (list: (FeedCandidate | null)[]) => {
  const seen = new Set<string>();
  return list.filter((item): item is FeedCandidate => item !== null && !seen.has(item.url) && !!seen.add(item.url));
};

/**
 * The feeds behind any URL: a feed URL gives that feed; a known platform (YouTube, GitHub, Reddit,
 * Mastodon) its feeds; an HTML page the feeds it links, else those at well-known paths.
 */
export async function discoverFeeds(deps: DiscoverDeps, input: string): Promise<FeedCandidate[]> {
  const url = normalizeFeedUrl(input);
  if (!url) throw new DiscoveryError("invalid-url", `Not a web address: ${input}`);
  if (url.startsWith("rsshub://")) return [await routeFeed(deps, url)];
  const platform = found(await Promise.all(platformFeeds(new URL(url)).map((feedUrl) => tryFeed(deps, feedUrl))));
  if (platform.length > 0) return platform;

  let page;
  try {
    page = await fetchText(deps, url);
  } catch (error) {
    // An address the private-network policy refused is the policy's to answer, not discovery's.
    if (error instanceof DiscoveryError || isRefusal(error)) throw error;
    const message = error instanceof FetchError ? error.message : String(error);
    throw new DiscoveryError("fetch-failed", `Could not fetch ${url}: ${message}`, { cause: error });
  }
  try {
    return [candidate(page.url, parseFeedDocument(page.text, page.url))];
  } catch {
    // not a feed: read it as a page
  }
  const linked = found(await Promise.all(alternateFeedLinks(page.text, page.url).slice(0, 8).map((link) => tryFeed(deps, link.href, link.title))));
  if (linked.length > 0) return linked;
  const origin = new URL(page.url).origin;
  const guessed = found(await Promise.all(WELL_KNOWN_PATHS.map((path) => tryFeed(deps, `${origin}${path}`))));
  if (guessed.length > 0) return guessed.slice(0, 3);
  throw new DiscoveryError("no-feed", `No feed found at ${url}`);
}
