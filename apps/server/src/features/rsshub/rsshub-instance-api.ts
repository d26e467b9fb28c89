// What the server asks of an RSSHub instance (its HTTP interface: /api/namespace, /healthz,
// /api/follow/config), and the route list shipped with the server for when none answers.
import { readFileSync } from "node:fs";
import { instanceUrl, type RsshubTarget } from "./rsshub-routing.ts";
import { FetchError, type HttpClient } from "../../lib/http/index.ts";
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

/** Why an instance's routes could not be read: it is out of reach, or it is no RSSHub (or refused the key). */
export class InstanceProblem extends Error {
  readonly status: "unavailable" | "invalid";
  constructor(status: "unavailable" | "invalid", message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "InstanceProblem";
    this.status = status;
  }
}

/** A request that never got an answer: a refused address or URL is the config's fault, the rest the instance's. */
function transportProblem(error: unknown, target: Pick<RsshubTarget, "baseUrl">): InstanceProblem {
  if (error instanceof FetchError && error.kind === "private-address") {
    const where = error.refusal?.scope === "never" ? "a link-local, metadata or reserved address" : "a private network, which this server does not allow for its owner";
    return new InstanceProblem("invalid", `${target.baseUrl} is on ${where}`, { cause: error });
  }
  if (error instanceof FetchError && (error.kind === "invalid-url" || error.kind === "unsupported-protocol")) return new InstanceProblem("invalid", error.message);
  return new InstanceProblem("unavailable", (error as Error).message);
}

/** RSSHub's 403 when `ACCESS_KEY` is set and the request's key or code does not match it. */
const keyProblem = (status: number, target: Pick<RsshubTarget, "accessKey">) =>
  new InstanceProblem("invalid", target.accessKey ? `The instance refused the access key (HTTP ${status})` : `The instance needs an access key (HTTP ${status})`);

/**
 * Fetches the instance's `/api/namespace`, RSSHub's description of every route it serves: the
 * health check and the route catalogue in one request. Throws an {@link InstanceProblem}.
 */
export async function fetchInstanceCatalogue(http: HttpClient, target: Pick<RsshubTarget, "baseUrl" | "accessKey">): Promise<RsshubCatalogue> {
  const url = instanceUrl(target, "/api/namespace");
  const shown = `${target.baseUrl.replace(/\/+$/, "")}/api/namespace`;
  let response;
  try {
    response = await http.request({ url, headers: { accept: "application/json" }, maxBytes: MAX_CATALOGUE_BYTES });
  } catch (error) {
    throw transportProblem(error, target);
  }
  if (response.status === 401 || response.status === 403) throw keyProblem(response.status, target);
  if (response.status >= 500 || response.status === 429 || response.status === 408) throw new InstanceProblem("unavailable", `HTTP ${response.status} from ${shown}`);
  if (response.status < 200 || response.status >= 300) throw new InstanceProblem("invalid", `Not an RSSHub instance: HTTP ${response.status} from ${shown}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(response.body.toString("utf8"));
  } catch {
    throw new InstanceProblem("invalid", `Not an RSSHub instance: ${shown} did not answer JSON`);
  }
  if (!isCatalogue(parsed)) throw new InstanceProblem("invalid", `Not an RSSHub instance: ${shown} did not answer a list of RSSHub namespaces`);
  return parsed;
}

/**
 * The periodic health check: RSSHub's `/healthz` (a few bytes; it needs the access key like every
 * route). Instances older than that endpoint are checked by reading their routes instead, which
 * are then returned for the catalogue. Throws an {@link InstanceProblem}.
 */
export async function checkInstanceHealth(http: HttpClient, target: Pick<RsshubTarget, "baseUrl" | "accessKey">): Promise<RsshubCatalogue | null> {
  let response;
  try {
    response = await http.request({ url: instanceUrl(target, "/healthz"), maxBytes: 64 * 1024 });
  } catch (error) {
    throw transportProblem(error, target);
  }
  if (response.status >= 200 && response.status < 300) return null;
  if (response.status === 404) return fetchInstanceCatalogue(http, target);
  if (response.status === 401 || response.status === 403) throw keyProblem(response.status, target);
  throw new InstanceProblem("unavailable", `HTTP ${response.status} from ${target.baseUrl.replace(/\/+$/, "")}/healthz`);
}

/** What an instance's owner published about it (`FOLLOW_*` variables, RSSHub's `/api/follow/config`). */
export interface PublishedConfig {
  ownerUserId?: string;
  description?: string;
  price?: number;
  userLimit?: number;
}

/** Reads `/api/follow/config`; null when the instance does not publish one (older versions, or a failure). */
export async function readPublishedConfig(http: HttpClient, target: Pick<RsshubTarget, "baseUrl" | "accessKey">): Promise<PublishedConfig | null> {
  try {
    const response = await http.request({ url: instanceUrl(target, "/api/follow/config"), headers: { accept: "application/json" }, maxBytes: 64 * 1024 });
    if (response.status !== 200) return null;
    const body = JSON.parse(response.body.toString("utf8")) as Record<string, unknown>;
    if (!body || typeof body !== "object") return null;
    const config: PublishedConfig = {};
    if (typeof body.ownerUserId === "string" && body.ownerUserId) config.ownerUserId = body.ownerUserId;
    if (typeof body.description === "string") config.description = body.description.slice(0, 500);
    if (Number.isInteger(body.price) && (body.price as number) >= 0) config.price = body.price as number;
    if (Number.isInteger(body.userLimit) && (body.userLimit as number) >= 0) config.userLimit = body.userLimit as number;
    return config;
  } catch {
    return null;
  }
}
