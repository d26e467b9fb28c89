import { ErrorCode } from "@tidings/contracts";
import { AppError } from "../../errors.ts";
import type { RequestUser } from "../../http/context.ts";
import type { Clock } from "../../lib/clock.ts";
import { type CatalogueFilter, filterCatalogue, findRoute, type RsshubCatalogue, type RsshubRoute } from "./rsshub-routes.ts";

/** How long routes fetched from the instance are served before they are fetched again. */
export const INSTANCE_CACHE_MS = 60 * 60 * 1000;

export interface RsshubServiceDeps {
  /** The route metadata shipped with the server. */
  snapshot: () => RsshubCatalogue;
  /** The configured instance's /api/namespace; throws when it cannot be reached or answers nonsense. */
  fetchInstance: () => Promise<RsshubCatalogue>;
  clock: Clock;
  /** Reports a background refresh that failed. */
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

/**
 * The RSSHub route catalogue: the snapshot shipped with the server, or, once an admin refreshed it
 * from the configured instance, the instance's routes. Those are kept an hour; a request after that
 * serves them while they are fetched again in the background, and the snapshot comes back when the
 * instance cannot be reached.
 */
export function createRsshubService(deps: RsshubServiceDeps) {
  let fromInstance: { catalogue: RsshubCatalogue; fetchedAt: number } | null = null;
  let refreshing: Promise<RsshubCatalogue> | null = null;

  /** One fetch at a time; its result (or failure) decides what is served. */
  function refetch(): Promise<RsshubCatalogue> {
    refreshing ??= deps
      .fetchInstance()
      .then((catalogue) => {
        fromInstance = { catalogue, fetchedAt: deps.clock.now().getTime() };
        return catalogue;
      })
      .catch((error: unknown) => {
        fromInstance = null;
        throw error;
      })
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  }

  function current(): RsshubCatalogue {
    if (!fromInstance) return deps.snapshot();
    if (deps.clock.now().getTime() - fromInstance.fetchedAt >= INSTANCE_CACHE_MS && !refreshing) {
      refetch().catch((error: unknown) => deps.onBackgroundError?.(error));
    }
    return fromInstance.catalogue;
  }

  return {
    /** GET /discover/rsshub: namespaces and their routes, filtered. */
    list(filter: CatalogueFilter): RsshubCatalogue {
      return filterCatalogue(current(), filter);
    },

    /** GET /discover/rsshub/route: the route a path belongs to, with its namespace; 13000 when none. */
    route(path: string): RouteInfo {
      const catalogue = current();
      const match = findRoute(catalogue, path);
      if (!match) throw new AppError(ErrorCode.RSSHubRouteNotFound, { reason: `No RSSHub route matches ${path}` });
      const namespace = catalogue[match.namespace]!;
      return { name: namespace.name ?? match.namespace, url: namespace.url ?? "", description: namespace.description ?? "", prefix: match.namespace, route: match.route };
    },

    /** POST /discover/rsshub/refresh: fetches the instance's routes now; admins only (1004), 13007 when it fails. */
    async refresh(user: RequestUser): Promise<{ source: "instance"; namespaces: number; routes: number; fetchedAt: string }> {
      if (!user.isAdmin) throw new AppError(ErrorCode.NoPermission, { reason: "Only admins can refresh the RSSHub routes" });
      let catalogue: RsshubCatalogue;
      try {
        catalogue = await refetch();
      } catch (error) {
        throw new AppError(ErrorCode.RSSHubUnavailable, { reason: `The routes could not be fetched from the RSSHub instance (the built-in list is used): ${(error as Error).message}` });
      }
      const namespaces = Object.values(catalogue);
      return {
        source: "instance",
        namespaces: namespaces.length,
        routes: namespaces.reduce((sum, namespace) => sum + Object.keys(namespace.routes).length, 0),
        fetchedAt: new Date(fromInstance?.fetchedAt ?? deps.clock.now().getTime()).toISOString(),
      };
    },
  };
}

export type RsshubService = ReturnType<typeof createRsshubService>;
