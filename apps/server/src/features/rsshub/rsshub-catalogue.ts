import { ErrorCode } from "@tidings/contracts";
import { AppError } from "../../errors.ts";
import type { RequestUser } from "../../http/context.ts";
import type { Clock } from "../../lib/clock.ts";
import { type CatalogueFilter, filterCatalogue, findRoute, type RsshubCatalogue, type RsshubRoute } from "./rsshub-routes.ts";

/** How long routes fetched from an instance are served before they are fetched again (spec §9). */
export const INSTANCE_CACHE_MS = 60 * 60 * 1000;
/** After a failed fetch, how long the next source (or the bundled list) is served before asking again. */
export const FAILURE_PAUSE_MS = 5 * 60 * 1000;
/** Instances whose routes are kept in memory at once (a full instance's list is a few megabytes). */
const KEPT = 4;

/** An instance the routes can come from: a reader's, or the server's default. */
export interface CatalogueSource {
  /** "default", or the instance id. */
  key: string;
  kind: "instance" | "default";
  /** The instance's /api/namespace; throws when it cannot be reached or answers nonsense. */
  fetch: () => Promise<RsshubCatalogue>;
}

export interface RsshubCatalogueDeps {
  /** The route metadata shipped with the server. */
  snapshot: () => RsshubCatalogue;
  clock: Clock;
  /** How long a first request waits for an instance's routes before it is served the next source. */
  waitMs?: number;
  /** Reports a background fetch that failed. */
  onBackgroundError?: (error: unknown) => void;
}

export interface RouteInfo {
  name: string;
  url: string;
  description: string;
  /** The namespace: `rsshub://${prefix}${route.path}`. */
  prefix: string;
  route: RsshubRoute;
}

/** Routes and where they came from. */
export interface ServedCatalogue {
  catalogue: RsshubCatalogue;
  source: "instance" | "default" | "bundled";
  fetchedAt: Date | null;
}

type Kept = { catalogue: RsshubCatalogue | null; fetchedAt: number; failedAt: number | null; pending: Promise<RsshubCatalogue> | null };

/**
 * The RSSHub route catalogue a reader browses: the routes of the instance they use, else of the
 * server's default instance, else the list shipped with the server. Routes are kept an hour;
 * after that they are served while fetched again in the background. A source that failed is not
 * asked again for five minutes.
 */
export function createRsshubCatalogue(deps: RsshubCatalogueDeps) {
  const kept = new Map<string, Kept>();
  const waitMs = deps.waitMs ?? 4000;
  const now = () => deps.clock.now().getTime();

  function entry(key: string): Kept {
    let found = kept.get(key);
    if (found) {
      kept.delete(key);
      kept.set(key, found);
      return found;
    }
    found = { catalogue: null, fetchedAt: 0, failedAt: null, pending: null };
    kept.set(key, found);
    while (kept.size > KEPT) kept.delete(kept.keys().next().value!);
    return found;
  }

  /** One fetch per source at a time; its result (or failure) is what the source serves next. */
  function refetch(source: CatalogueSource, held: Kept): Promise<RsshubCatalogue> {
    held.pending ??= source
      .fetch()
      .then((catalogue) => {
        Object.assign(held, { catalogue, fetchedAt: now(), failedAt: null });
        return catalogue;
      })
      .catch((error: unknown) => {
        held.failedAt = now();
        throw error;
      })
      .finally(() => {
        held.pending = null;
      });
    return held.pending;
  }

  async function fromSource(source: CatalogueSource): Promise<ServedCatalogue | null> {
    const held = entry(source.key);
    if (held.catalogue) {
      if (now() - held.fetchedAt >= INSTANCE_CACHE_MS && !held.pending) refetch(source, held).catch((error: unknown) => deps.onBackgroundError?.(error));
      return { catalogue: held.catalogue, source: source.kind, fetchedAt: new Date(held.fetchedAt) };
    }
    if (held.failedAt !== null) {
      // It failed before: asked again in the background (after a pause), never kept waiting for.
      if (now() - held.failedAt >= FAILURE_PAUSE_MS && !held.pending) refetch(source, held).catch((error: unknown) => deps.onBackgroundError?.(error));
      return null;
    }
    const fetching = refetch(source, held);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), waitMs);
    });
    try {
      const catalogue = await Promise.race([fetching, late]);
      if (!catalogue) {
        fetching.catch((error: unknown) => deps.onBackgroundError?.(error));
        return null;
      }
      return { catalogue, source: source.kind, fetchedAt: new Date(held.fetchedAt) };
    } catch (error) {
      deps.onBackgroundError?.(error);
      return null;
    } finally {
      clearTimeout(timer);
    }
  }

  /** The first source that has routes, else the shipped list. */
  async function current(sources: CatalogueSource[]): Promise<ServedCatalogue> {
    for (const source of sources) {
      const served = await fromSource(source);
      if (served) return served;
    }
    return { catalogue: deps.snapshot(), source: "bundled", fetchedAt: null };
  }

  return {
    current,

    /** Where the routes of these sources come from now, without fetching. */
    peek(sources: CatalogueSource[]): { source: ServedCatalogue["source"]; fetchedAt: Date | null } {
      for (const source of sources) {
        const held = kept.get(source.key);
        if (held?.catalogue) return { source: source.kind, fetchedAt: new Date(held.fetchedAt) };
      }
      return { source: "bundled", fetchedAt: null };
    },

    /** GET /discover/rsshub: namespaces and their routes, filtered. */
    async list(sources: CatalogueSource[], filter: CatalogueFilter): Promise<RsshubCatalogue> {
      return filterCatalogue((await current(sources)).catalogue, filter);
    },

    /** GET /discover/rsshub/route: the route a path belongs to, with its namespace; 13000 when none. */
    async route(sources: CatalogueSource[], path: string): Promise<RouteInfo> {
      const { catalogue } = await current(sources);
      const match = findRoute(catalogue, path);
      if (!match) throw new AppError(ErrorCode.RSSHubRouteNotFound, { reason: `No RSSHub route matches ${path}` });
      const namespace = catalogue[match.namespace]!;
      return { name: namespace.name ?? match.namespace, url: namespace.url ?? "", description: namespace.description ?? "", prefix: match.namespace, route: match.route };
    },

    /** Keeps routes fetched elsewhere (a health check) for a source. */
    remember(key: string, catalogue: RsshubCatalogue) {
      Object.assign(entry(key), { catalogue, fetchedAt: now(), failedAt: null });
    },

    /** POST /discover/rsshub/refresh: fetches the first source's routes now; admins only (1004), 13007 when it fails. */
    async refresh(user: RequestUser, source: CatalogueSource): Promise<{ source: "instance" | "default"; namespaces: number; routes: number; fetchedAt: string }> {
      if (!user.isAdmin) throw new AppError(ErrorCode.NoPermission, { reason: "Only admins can refresh the RSSHub routes" });
      let catalogue: RsshubCatalogue;
      const held = entry(source.key);
      try {
        catalogue = await refetch(source, held);
      } catch (error) {
        throw new AppError(ErrorCode.RSSHubUnavailable, { reason: `The routes could not be fetched from the RSSHub instance (the built-in list is used): ${(error as Error).message}` });
      }
      const namespaces = Object.values(catalogue);
      return {
        source: source.kind,
        namespaces: namespaces.length,
        routes: namespaces.reduce((sum, namespace) => sum + Object.keys(namespace.routes).length, 0),
        fetchedAt: new Date(held.fetchedAt).toISOString(),
      };
    },
  };
}

export type RsshubCatalogueService = ReturnType<typeof createRsshubCatalogue>;
