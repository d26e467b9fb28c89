import { createHash } from "node:crypto";
import type { Clock } from "../../lib/clock.ts";
import { FetchError, type HttpClient, type HttpRequest, type HttpResponse } from "../../lib/http/index.ts";

/** An RSSHub instance a route can be fetched through. */
export interface RsshubTarget {
  /** A reader's instance; null for the server's default (`RSSHUB_URL`). */
  instanceId: string | null;
  /** How people know it: the instance's description, or "the default instance". */
  label: string;
  baseUrl: string;
  accessKey: string | null;
  /** May be on a private network (the default, and instances allowed there). */
  lan: boolean;
}

/** Where the instances to try come from (the readers' choices in the database, and the default). */
export interface RsshubTargetSource {
  /**
   * For a feed (null: one not stored yet) and, when given, the reader about to follow it: the
   * available instances its readers chose, in order, then the default; and the chosen ones left
   * out because their last check found them unavailable.
   */
  forFeed(feedId: string | null, extraUserId?: string): Promise<{ targets: RsshubTarget[]; skipped: { label: string; message: string }[] }>;
  /** A fetch found the instance unreachable or failing: readers fall back until it is checked again. */
  markUnavailable(instanceId: string, message: string): Promise<void>;
}

/** How long a route's answer is reused (spec §9: RSSHub cache 1 hour). */
export const ROUTE_CACHE_MS = 60 * 60 * 1000;
const CACHE_MAX_BYTES = 32 * 1024 * 1024;
const CACHE_MAX_ENTRY_BYTES = 4 * 1024 * 1024;

/**
 * The URL of `path` (`/github/issue/a/b?limit=5`) on an instance. With an access key, RSSHub
 * accepts either `key=<key>` or `code=md5(<path><key>)`; the code is sent, so the key itself never
 * travels or lands in an instance's logs, and a leaked URL opens one route only.
 */
export function instanceUrl(target: Pick<RsshubTarget, "baseUrl" | "accessKey">, path: string): string {
  const relative = `/${path.replace(/^\/+/, "")}`;
  const url = new URL(`${target.baseUrl.replace(/\/+$/, "")}${relative}`);
  if (target.accessKey) {
    const routePath = new URL(relative, "http://route.invalid").pathname;
    url.searchParams.set("code", createHash("md5").update(routePath + target.accessKey).digest("hex"));
  }
  return url.href;
}

/** The route of an `rsshub://namespace/path` address: `/namespace/path`. */
export function routeOf(feedUrl: string): string {
  return `/${feedUrl.slice("rsshub://".length).replace(/^\/+/, "")}`;
}

export const isRsshubUrl = (url: string) => url.toLowerCase().startsWith("rsshub://");

/** What the routed fetch answers: the instance's response, the instance it came from, and why it is not the first choice. */
export interface RoutedResponse {
  response: HttpResponse;
  via: RsshubTarget;
  /** Set when the readers' instance was skipped or failed and another answered. */
  fallback: string | null;
}

/**
 * A transport failure in words that name no address: the note lands on a feed every reader of it
 * sees, and an instance's address is its owner's to share.
 */
function failureWords(error: FetchError): string {
  switch (error.kind) {
    case "dns":
      return "its name does not resolve";
    case "connect-timeout":
    case "timeout":
      return "it timed out";
    case "tls":
      return "its TLS certificate failed";
    case "private-address":
      return "its address is refused";
    case "too-large":
      return "its answer was too large";
    default:
      return "it could not be reached";
  }
}

/**
 * An answer worth trying the next instance for. RSSHub answers 503 when one route fails upstream
 * (a site blocking it), and 404 for a route it does not have (an older version), so these move
 * this fetch on without marking the instance: its health check (`/healthz`) decides that. A
 * refused key fails every route: the instance is marked.
 */
function instanceTrouble(response: HttpResponse): { message: string; mark: boolean } | null {
  if (response.status >= 500 || response.status === 429) return { message: `HTTP ${response.status}`, mark: false };
  // A reader's instance of an older RSSHub may lack a route the next one has.
  if (response.status === 404) return { message: "it has no such route", mark: false };
  if (response.status === 401 || response.status === 403) return { message: `HTTP ${response.status}: the access key was refused`, mark: true };
  return null;
}

/**
 * Fetches `rsshub://` routes through the instances the readers chose, falling back to the
 * server's default when one is unreachable, failing or refuses its key, and marking it so that
 * the next fetches skip it until its health check passes again. A successful answer is reused
 * for an hour (spec §9), so a preview and the follow that comes after it cost the instance one
 * request.
 */
export function createRsshubRouter(deps: { http: HttpClient; lanHttp: HttpClient; source: RsshubTargetSource; clock: Clock }) {
  const cache = new Map<string, { response: HttpResponse; at: number; bytes: number }>();
  let cachedBytes = 0;

  const remember = (url: string, response: HttpResponse) => {
    const bytes = response.body.byteLength;
    if (response.status !== 200 || bytes > CACHE_MAX_ENTRY_BYTES) return;
    forget(url);
    // The cache keeps bytes of its own and hands each hit a copy: whoever reads a document may
    // take its buffer (a feed reader thread moves it, feed-readers.ts).
    cache.set(url, { response: { ...response, body: Buffer.from(response.body) }, at: deps.clock.now().getTime(), bytes });
    cachedBytes += bytes;
    for (const [key] of cache) {
      if (cachedBytes <= CACHE_MAX_BYTES) break;
      forget(key);
    }
  };
  const forget = (url: string) => {
    const old = cache.get(url);
    if (!old) return;
    cache.delete(url);
    cachedBytes -= old.bytes;
  };
  const cached = (url: string) => {
    const hit = cache.get(url);
    if (!hit) return null;
    if (deps.clock.now().getTime() - hit.at >= ROUTE_CACHE_MS) {
      forget(url);
      return null;
    }
    return { ...hit.response, body: Buffer.from(hit.response.body) };
  };

  return {
    /**
     * Fetches a route for a feed. `validators` are sent only to the instance that answered last
     * time (`lastInstanceId`): another instance's ETag means nothing to this one.
     */
    async fetch(
      feedUrl: string,
      options: {
        feedId: string | null;
        forUserId?: string;
        lastInstanceId?: string | null;
        etag?: string | null;
        lastModified?: string | null;
        /** Ask the instance even when an answer of the last hour is at hand (a refresh somebody asked for). */
        fresh?: boolean;
      },
    ): Promise<RoutedResponse> {
      const route = routeOf(feedUrl);
      const { targets, skipped } = await deps.source.forFeed(options.feedId, options.forUserId);
      const troubles = skipped.map(({ label, message }) => `${label} is unavailable (${message})`);
      let lastError: unknown = null;
      for (const [index, target] of targets.entries()) {
        const isLast = index === targets.length - 1;
        const url = instanceUrl(target, route);
        const hit = options.fresh ? null : cached(url);
        const fallback = () => (troubles.length > 0 ? `${troubles.join("; ")}: fetched through ${target.label}` : null);
        if (hit) return { response: hit, via: target, fallback: fallback() };
        const sameInstance = (options.lastInstanceId ?? null) === target.instanceId;
        const request: HttpRequest = { url, ...(sameInstance ? { etag: options.etag ?? null, lastModified: options.lastModified ?? null } : {}) };
        try {
          const response = await (target.lan ? deps.lanHttp : deps.http).request(request);
          const trouble = instanceTrouble(response);
          if (trouble && !isLast) {
            troubles.push(`${target.label} failed (${trouble.message})`);
            if (target.instanceId && trouble.mark) await deps.source.markUnavailable(target.instanceId, trouble.message);
            continue;
          }
          remember(url, response);
          return { response, via: target, fallback: fallback() };
        } catch (error) {
          if (!(error instanceof FetchError) || isLast) throw error;
          lastError = error;
          troubles.push(`${target.label} is unavailable (${failureWords(error)})`);
          if (target.instanceId) await deps.source.markUnavailable(target.instanceId, error.message);
        }
      }
      throw lastError ?? new FetchError("invalid-url", feedUrl, "No RSSHub instance to fetch this route through");
    },
  };
}

export type RsshubRouter = ReturnType<typeof createRsshubRouter>;
