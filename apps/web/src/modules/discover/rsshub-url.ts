// RSSHub route paths (path-to-regexp as RSSHub writes them: `/issue/:user/:repo/:state?`,
// `/file/:user/:repo/:branch/:filepath{.+}`) turned into form fields and `rsshub://` URLs.

import { splitRoutePath } from "@tidings/utils";

/** One piece of a route path: fixed text, or a parameter the reader fills in. */
export type RouteSegment = { kind: "literal"; text: string } | { kind: "param"; name: string; optional: boolean; pattern: string | null };

/** Parameters every RSSHub route accepts; the form hides them when they are optional (facts §4). */
export const GENERIC_PARAMS: ReadonlySet<string> = new Set(["routeParams", "functionalFlag", "fulltext", "disableEmbed", "date", "language", "lang", "sort"]);

/** The segments of a route path, in order. */
export function parseRoutePath(path: string): RouteSegment[] {
  return splitRoutePath(path).map((segment): RouteSegment => {
    const param = /^:(\w+)(?:\{(.+)\})?([?*+])?$/.exec(segment);
    if (!param) return { kind: "literal", text: segment };
    return { kind: "param", name: param[1]!, optional: param[3] === "?" || param[3] === "*", pattern: param[2] ?? null };
  });
}

/** The parameters a form asks for: every parameter of the path but the optional generic ones. */
export function formParams(path: string): Extract<RouteSegment, { kind: "param" }>[] {
  return parseRoutePath(path).filter((segment): segment is Extract<RouteSegment, { kind: "param" }> => segment.kind === "param" && !(segment.optional && GENERIC_PARAMS.has(segment.name)));
}

/** Encodes a value for one path segment; a parameter whose pattern spans segments (`{.+}`) keeps its slashes. */
function encodeValue(value: string, pattern: string | null): string {
  const spansSegments = pattern !== null && /\.[+*]/.test(pattern);
  return spansSegments ? value.split("/").map(encodeURIComponent).join("/") : encodeURIComponent(value);
}

export interface BuiltRsshubUrl {
  /** The URL so far: missing required parameters show as `:name`, missing optional ones at the end are left out. */
  url: string;
  /** Required parameters without a value. */
  missing: string[];
  /** An optional parameter left empty while a later one has a value: the path cannot say that. */
  gap: string | null;
  /** True when the URL can be followed. */
  complete: boolean;
}

/**
 * Builds `rsshub://namespace/path` from a route path and the values typed so far. Values are
 * trimmed and URL-encoded; trailing optional parameters without a value are dropped.
 */
export function buildRsshubUrl(namespace: string, path: string, values: Record<string, string | undefined>): BuiltRsshubUrl {
  const segments = parseRoutePath(path);
  const value = (name: string) => values[name]?.trim() ?? "";
  // The last segment that will be written: a literal, a required parameter or a filled optional one.
  let last = -1;
  segments.forEach((segment, index) => {
    if (segment.kind === "literal" || !segment.optional || value(segment.name)) last = index;
  });
  const parts: string[] = [];
  const missing: string[] = [];
  let gap: string | null = null;
  segments.forEach((segment, index) => {
    if (index > last) return;
    if (segment.kind === "literal") return void parts.push(segment.text);
    const filled = value(segment.name);
    if (filled) return void parts.push(encodeValue(filled, segment.pattern));
    if (segment.optional) gap ??= segment.name;
    else missing.push(segment.name);
    parts.push(`:${segment.name}`);
  });
  const url = `rsshub://${namespace}${parts.length ? `/${parts.join("/")}` : ""}`;
  return { url, missing, gap, complete: missing.length === 0 && gap === null };
}

/** The values a concrete path (a route's example, a deep link: `/github/issue/DIYgod/RSSHub`) gives the route's parameters. */
export function exampleValues(namespace: string, path: string, example: string | undefined): Record<string, string> {
  if (!example) return {};
  const prefix = `/${namespace}`;
  const rest = example.startsWith(`${prefix}/`) || example === prefix ? example.slice(prefix.length) : example;
  const given = rest.replace(/[?#].*$/, "").split("/").filter(Boolean);
  const segments = parseRoutePath(path);
  const result: Record<string, string> = {};
  for (const [index, segment] of segments.entries()) {
    if (index >= given.length) break;
    if (segment.kind === "literal") {
      if (segment.text !== given[index]) return {};
      continue;
    }
    const spans = segment.pattern !== null && /\.[+*]/.test(segment.pattern);
    const raw = spans ? given.slice(index).join("/") : given[index]!;
    try {
      result[segment.name] = decodeURIComponent(raw);
    } catch {
      result[segment.name] = raw;
    }
    if (spans) break;
  }
  return result;
}
