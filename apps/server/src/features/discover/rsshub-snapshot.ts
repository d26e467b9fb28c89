import { readFileSync } from "node:fs";
import type { HttpClient } from "../../lib/http/index.ts";
import { isCatalogue, type RsshubCatalogue } from "./rsshub-routes.ts";

/** Largest /api/namespace answer accepted: a full instance describes thousands of routes. */
const MAX_CATALOGUE_BYTES = 64 * 1024 * 1024;

let snapshot: RsshubCatalogue | null = null;

/**
 * The route metadata shipped with the server (rsshub-routes.json: real routes of popular
 * namespaces, from RSSHub's own metadata), read on first use so that a start does not pay for it.
 */
export function loadSnapshot(): RsshubCatalogue {
  snapshot ??= JSON.parse(readFileSync(new URL("./rsshub-routes.json", import.meta.url), "utf8")) as RsshubCatalogue;
  return snapshot;
}

/** Fetches `${rsshubUrl}/api/namespace`, RSSHub's description of every route it serves. */
export async function fetchInstanceCatalogue(http: HttpClient, rsshubUrl: string): Promise<RsshubCatalogue> {
  const url = `${rsshubUrl.replace(/\/+$/, "")}/api/namespace`;
  const response = await http.request({ url, headers: { accept: "application/json" }, maxBytes: MAX_CATALOGUE_BYTES });
  if (response.status < 200 || response.status >= 300) throw new Error(`HTTP ${response.status} from ${url}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(response.body.toString("utf8"));
  } catch {
    throw new Error(`${url} did not answer JSON`);
  }
  if (!isCatalogue(parsed)) throw new Error(`${url} did not answer a list of RSSHub namespaces`);
  return parsed;
}
