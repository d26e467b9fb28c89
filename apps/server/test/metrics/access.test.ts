import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { afterEach, describe, expect, it } from "vitest";
import { refreshKind } from "../../src/fetcher/refresher.ts";
import { describeFetchError, describeStatus } from "../../src/content/fetch-errors.ts";
import { loadConfig } from "../../src/env.ts";
import { FetchError } from "../../src/lib/http/index.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { parseExposition } from "./scrape.ts";

const TOKEN = "metrics-token-0123456789";
const open: { t: TestApp; server: ServerType | null }[] = [];

afterEach(async () => {
  for (const { t, server } of open.splice(0)) {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await t.close();
  }
});

/** The app behind a real HTTP server on 127.0.0.1: requests come from a loopback socket. */
async function listening(env: Record<string, string> = {}) {
  const t = await createTestApp(env);
  const server = await new Promise<ServerType>((resolve) => {
    const started: ServerType = serve({ fetch: t.app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(started));
  });
  open.push({ t, server });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { t, get: (path: string, headers: Record<string, string> = {}) => fetch(`${base}${path}`, { headers }) };
}

describe("who may read /metrics", () => {
  it("answers loopback connections by default, not requests a proxy forwarded unless it is trusted", async () => {
    const { get } = await listening();
    const response = await get("/metrics");
    expect(response.status).toBe(200);
    expect(parseExposition(await response.text()).some((sample) => sample.name === "tidings_queue_depth")).toBe(true);
    // A proxy on this machine in front of a public site: every visitor would be a loopback connection.
    expect((await get("/metrics", { "x-forwarded-for": "10.0.0.7" })).status).toBe(403);
    expect((await get("/metrics", { forwarded: "for=203.0.113.9" })).status).toBe(403);
    expect((await get("/metrics", { "x-real-ip": "192.168.1.2" })).status).toBe(403);
  });

  it("behind a trusted proxy, answers private addresses only, whatever a client prepends", async () => {
    const { get } = await listening({ TRUST_PROXY: "true" });
    expect((await get("/metrics", { "x-forwarded-for": "10.0.0.7" })).status).toBe(200);
    expect((await get("/metrics", { "x-forwarded-for": "fd00::1, 192.168.1.2" })).status).toBe(200);
    expect((await get("/metrics", { "x-forwarded-for": "203.0.113.9" })).status).toBe(403);
    expect((await get("/metrics", { "x-forwarded-for": "10.0.0.7, 203.0.113.9" })).status).toBe(403);
    // Link-local (the cloud metadata range) is no private network of ours.
    expect((await get("/metrics", { "x-forwarded-for": "169.254.169.254" })).status).toBe(403);
    expect((await get("/metrics", { forwarded: 'for="[2001:db8::1]"' })).status).toBe(403);
  });

  it("with METRICS_TOKEN, answers the bearer of the token only, from anywhere", async () => {
    const { get } = await listening({ METRICS_TOKEN: TOKEN, TRUST_PROXY: "true" });
    const refused = await get("/metrics");
    expect(refused.status).toBe(401);
    expect(refused.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect((await get("/metrics", { authorization: "Bearer wrong-token-0123456789" })).status).toBe(401);
    expect((await get("/metrics", { authorization: `Basic ${TOKEN}` })).status).toBe(401);
    expect((await get("/metrics", { authorization: `Bearer ${TOKEN}` })).status).toBe(200);
    expect((await get("/metrics", { authorization: `Bearer ${TOKEN}`, "x-forwarded-for": "203.0.113.9" })).status).toBe(200);
  });

  it("refuses a request with no socket to judge (in process) when no token is set", async () => {
    const t = await createTestApp();
    open.push({ t, server: null });
    expect((await t.app.request("/metrics")).status).toBe(403);
  });

  it("is a 404 with METRICS=false, and requests go untimed", async () => {
    const { t, get } = await listening({ METRICS: "false" });
    expect((await get("/metrics")).status).toBe(404);
    expect(t.deps.observeRequests).toBeUndefined();
    expect(await t.deps.metrics.listen(0, "127.0.0.1")).toBeNull();
  });

  it("refuses a METRICS_TOKEN shorter than 16 characters", () => {
    expect(() => loadConfig({ NODE_ENV: "test", METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN must be at least 16 characters/);
  });
});

describe("the worker's metrics port", () => {
  it("serves the same exposition at /metrics under the same rules, and nothing else", async () => {
    const t = await createTestApp();
    open.push({ t, server: null });
    const listener = (await t.deps.metrics.listen(0, "127.0.0.1"))!;
    try {
      const base = `http://127.0.0.1:${listener.port}`;
      const response = await fetch(`${base}/metrics`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
      const samples = parseExposition(await response.text());
      expect(samples.some((sample) => sample.name === "tidings_queue_depth")).toBe(true);
      expect(samples.some((sample) => sample.name === "nodejs_eventloop_lag_seconds")).toBe(true);
      expect((await fetch(`${base}/metrics`, { headers: { "x-forwarded-for": "203.0.113.9" } })).status).toBe(403);
      expect((await fetch(`${base}/other`)).status).toBe(404);
    } finally {
      await listener.close();
    }
  });
});

describe("refresh outcomes, in a word", () => {
  it("tells HTTP failures, documents that are no feed and failed fetches apart by their messages", () => {
    expect(refreshKind({ status: "updated", inserted: 1, updated: 0, unchanged: 0 })).toBe("ok");
    expect(refreshKind({ status: "not-modified" })).toBe("not_modified");
    for (const status of [302, 401, 404, 410, 429, 500, 503]) expect(refreshKind({ status: "failed", message: describeStatus(status) })).toBe("error_http");
    for (const kind of ["dns", "timeout", "connect-timeout", "tls", "too-large", "private-address", "other"] as const) {
      expect(refreshKind({ status: "failed", message: describeFetchError(new FetchError(kind as never, "https://example.com/", "boom")) })).toBe("error_fetch");
    }
    expect(refreshKind({ status: "failed", message: "The feed could not be read: not an RSS, Atom, RDF or JSON feed" })).toBe("error_parse");
  });
});
