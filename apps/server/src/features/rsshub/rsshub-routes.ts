// The RSSHub route catalogue's shapes and the pure operations on it: filtering by namespace,
// category and language, and finding the route a path belongs to.
import { splitRoutePath } from "@tidings/utils";

/** A route parameter: its description, or a description with a default and choices. */
export type RsshubParameter = string | { description?: string; default?: string; options?: { label: string; value: string }[] };

/** One route of a namespace, as RSSHub's /api/namespace describes it. */
export interface RsshubRoute {
  path: string;
  name: string;
  example?: string;
  description?: string;
  categories?: string[];
  parameters?: Record<string, RsshubParameter>;
  maintainers?: string[];
  location?: string;
  /** The view (0-5) the route's items suit. */
  view?: number;
}

export interface RsshubNamespace {
  name: string;
  url?: string;
  description?: string;
  lang?: string;
  categories?: string[];
  routes: Record<string, RsshubRoute>;
}

/** Namespaces by key ("github"), as `rsshub://github/…` URLs name them. */
export type RsshubCatalogue = Record<string, RsshubNamespace>;

export interface CatalogueFilter {
  namespace?: string;
  /** Every one of these categories (popular, programming, …) must be among the route's. */
  categories?: string[];
  /** A language: "en", "zh-CN", or a primary language ("zh") matching every region. */
  lang?: string;
}

const langMatches = (wanted: string, actual: string | undefined) => {
  if (!actual) return false;
  const a = actual.toLowerCase();
  const w = wanted.toLowerCase();
  return a === w || (!w.includes("-") && a.split("-")[0] === w);
};

/** A route with only the fields the API answers (instances add radar rules, features…). */
function publicRoute(path: string, route: RsshubRoute, namespace: RsshubNamespace): RsshubRoute {
  return {
    path: typeof route.path === "string" ? route.path : path,
    name: typeof route.name === "string" ? route.name : path,
    example: route.example ?? "",
    description: route.description ?? "",
    categories: route.categories ?? namespace.categories ?? [],
    parameters: route.parameters ?? {},
    maintainers: route.maintainers ?? [],
    location: route.location ?? "",
    ...(typeof route.view === "number" ? { view: route.view } : {}),
  };
}

/** The namespaces and routes a filter keeps; namespaces left without routes are left out. */
export function filterCatalogue(catalogue: RsshubCatalogue, filter: CatalogueFilter): RsshubCatalogue {
  const result: RsshubCatalogue = {};
  const wanted = [...new Set(filter.categories ?? [])];
  for (const [key, namespace] of Object.entries(catalogue)) {
    if (filter.namespace && key.toLowerCase() !== filter.namespace.toLowerCase()) continue;
    if (filter.lang && !langMatches(filter.lang, namespace.lang)) continue;
    const routes: Record<string, RsshubRoute> = {};
    for (const [path, route] of Object.entries(namespace.routes)) {
      const shown = publicRoute(path, route, namespace);
      if (wanted.every((category) => shown.categories!.includes(category))) routes[path] = shown;
    }
    if (Object.keys(routes).length === 0) continue;
    result[key] = { name: namespace.name ?? key, url: namespace.url ?? "", description: namespace.description ?? "", lang: namespace.lang ?? "", routes };
  }
  return result;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");


/**
 * A route path pattern (path-to-regexp as RSSHub writes them: `/issue/:user/:repo/:state?`,
 * `/file/:user/:repo/:branch/:filepath{.+}`) as a regular expression over concrete paths.
 */
export function patternRegExp(pattern: string): RegExp | null {
  let source = "";
  for (const segment of splitRoutePath(pattern)) {
    const param = /^:(\w+)(?:\{(.+)\})?(\?|\*|\+)?$/.exec(segment);
    if (param) {
      const body = param[2] ?? "[^/]+";
      source += param[3] === "?" || param[3] === "*" ? `(?:/(?:${body}))?` : `/(?:${body})`;
    } else {
      source += `/${segment.split(/(:\w+)/).map((part) => (part.startsWith(":") ? "[^/]+" : escapeRegExp(part))).join("")}`;
    }
  }
  try {
    return new RegExp(`^${source}/?$`);
  } catch {
    return null;
  }
}

export interface RouteMatch {
  namespace: string;
  route: RsshubRoute;
}

/**
 * The route a path belongs to: `/github/issue/DIYgod/RSSHub`, `rsshub://github/issue/…` or a
 * pattern as written (`/github/issue/:user/:repo/:state?`). The route with the most literal
 * segments wins when several match.
 */
export function findRoute(catalogue: RsshubCatalogue, input: string): RouteMatch | null {
  const path = input.trim().replace(/^rsshub:\/\//i, "").replace(/[?#].*$/, "").replace(/^\/+/, "");
  const slash = path.indexOf("/");
  const key = (slash === -1 ? path : path.slice(0, slash)).toLowerCase();
  const rest = slash === -1 ? "/" : path.slice(slash);
  const namespace = Object.hasOwn(catalogue, key) ? catalogue[key] : undefined;
  if (!namespace) return null;
  const exact = Object.hasOwn(namespace.routes, rest) ? namespace.routes[rest] : undefined;
  if (exact) return { namespace: key, route: publicRoute(rest, exact, namespace) };
  let best: { path: string; route: RsshubRoute; score: number } | null = null;
  for (const [pattern, route] of Object.entries(namespace.routes)) {
    if (!patternRegExp(pattern)?.test(rest)) continue;
    const score = splitRoutePath(pattern).filter((segment) => !segment.startsWith(":")).length;
    if (!best || score > best.score) best = { path: pattern, route, score };
  }
  return best ? { namespace: key, route: publicRoute(best.path, best.route, namespace) } : null;
}

/** Whether a parsed JSON document has the shape of RSSHub's /api/namespace answer. */
export function isCatalogue(value: unknown): value is RsshubCatalogue {
  if (!value || typeof value !== "object" || Array.isArray(value)) return false;
  const namespaces = Object.values(value as Record<string, unknown>);
  if (namespaces.length === 0) return false;
  return namespaces.every((namespace) => {
    if (!namespace || typeof namespace !== "object") return false;
    const { routes } = namespace as { routes?: unknown };
    if (!routes || typeof routes !== "object" || Array.isArray(routes)) return false;
    return Object.values(routes as Record<string, unknown>).every((route) => !!route && typeof route === "object");
  });
}
