import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { FetchError, type HttpClient, type HttpRequest, type HttpResponse } from "../../lib/http/index.ts";
import { createRsshubRouter, instanceUrl, ROUTE_CACHE_MS, routeOf, type RsshubTarget, type RsshubTargetSource } from "./rsshub-routing.ts";

const own: RsshubTarget = { instanceId: "7", label: "Mine", baseUrl: "https://hub.example/rss/", accessKey: "k", lan: false };
const fallback: RsshubTarget = { instanceId: null, label: "the default RSSHub instance", baseUrl: "http://127.0.0.1:1200", accessKey: null, lan: true };

const answer = (status: number, url: string): HttpResponse => ({ status, headers: {}, body: Buffer.from(`<rss>${url}</rss>`), url, redirects: [], permanentUrl: null, privateNetwork: false });

function setup(behaviour: (request: HttpRequest) => HttpResponse | Error) {
  let now = 0;
  const seen: { client: "public" | "lan"; request: HttpRequest }[] = [];
  const marked: [string, string][] = [];
  const client = (name: "public" | "lan") =>
    ({
      request: async (request: HttpRequest) => {
        seen.push({ client: name, request });
        const result = behaviour(request);
        if (result instanceof Error) throw result;
        return result;
      },
    }) as unknown as HttpClient;
  const source: RsshubTargetSource = {
    forFeed: async () => ({ targets: [own, fallback], skipped: [] }),
    markUnavailable: async (id, message) => void marked.push([id, message]),
  };
  const router = createRsshubRouter({ http: client("public"), lanHttp: client("lan"), source, clock: { now: () => new Date(now) } });
  return { router, seen, marked, advance: (ms: number) => void (now += ms) };
}

describe("instanceUrl", () => {
  it("joins the base and the route, and signs with RSSHub's code (md5 of path and key) instead of sending the key", () => {
    const code = createHash("md5").update("/github/issue/a/b" + "k").digest("hex");
    expect(instanceUrl(own, "/github/issue/a/b?limit=5")).toBe(`https://hub.example/rss/github/issue/a/b?limit=5&code=${code}`);
    expect(instanceUrl(fallback, routeOf("rsshub://github/issue/a/b"))).toBe("http://127.0.0.1:1200/github/issue/a/b");
    expect(routeOf("rsshub:///x/y")).toBe("/x/y");
  });
});

describe("the RSSHub router", () => {
  it("goes through the readers' instance first, and reuses its answer for an hour", async () => {
    const { router, seen, advance } = setup((request) => answer(200, request.url));
    const first = await router.fetch("rsshub://x/y", { feedId: "1", lastInstanceId: "7", etag: "e1" });
    expect(first).toMatchObject({ via: { instanceId: "7" }, fallback: null });
    expect(seen).toEqual([{ client: "public", request: expect.objectContaining({ url: expect.stringMatching(/^https:\/\/hub\.example\/rss\/x\/y\?code=/), etag: "e1" }) }]);
    await router.fetch("rsshub://x/y", { feedId: "1" });
    expect(seen).toHaveLength(1);
    advance(ROUTE_CACHE_MS);
    await router.fetch("rsshub://x/y", { feedId: "1", lastInstanceId: null, etag: "e1" });
    // Another instance's validators are not sent.
    expect(seen[1]!.request.etag).toBeUndefined();
  });

  it("falls back on a transport failure or a refused key, marking the instance; on a 5xx without marking it", async () => {
    const down = setup((request) => (request.url.startsWith("https://hub") ? new FetchError("network", request.url, "connect ECONNREFUSED") : answer(200, request.url)));
    const routed = await down.router.fetch("rsshub://x/y", { feedId: "1" });
    expect(routed).toMatchObject({ via: { instanceId: null }, fallback: "Mine is unavailable (it could not be reached): fetched through the default RSSHub instance" });
    expect(down.seen.map((item) => item.client)).toEqual(["public", "lan"]);
    expect(down.marked).toEqual([["7", "connect ECONNREFUSED"]]);

    const refused = setup((request) => answer(request.url.startsWith("https://hub") ? 403 : 200, request.url));
    expect((await refused.router.fetch("rsshub://x/y", { feedId: "1" })).via.instanceId).toBeNull();
    expect(refused.marked).toEqual([["7", "HTTP 403: the access key was refused"]]);

    const routeFails = setup((request) => answer(request.url.startsWith("https://hub") ? 503 : 200, request.url));
    expect((await routeFails.router.fetch("rsshub://x/y", { feedId: "1" })).fallback).toBe("Mine failed (HTTP 503): fetched through the default RSSHub instance");
    expect(routeFails.marked).toEqual([]);
  });

  it("tries the default for a route the readers' instance lacks (404), saying so", async () => {
    const older = setup((request) => answer(request.url.startsWith("https://hub") ? 404 : 200, request.url));
    expect(await older.router.fetch("rsshub://x/y", { feedId: "1" })).toMatchObject({
      via: { instanceId: null },
      fallback: "Mine failed (it has no such route): fetched through the default RSSHub instance",
    });
    expect(older.marked).toEqual([]);
  });

  it("answers the default's own failure as it is: a 404 route, or the transport error", async () => {
    const missing = setup((request) => answer(404, request.url));
    expect((await missing.router.fetch("rsshub://x/y", { feedId: "1" })).response.status).toBe(404);
    const offline = setup((request) => new FetchError("dns", request.url, "getaddrinfo ENOTFOUND"));
    await expect(offline.router.fetch("rsshub://x/y", { feedId: "1" })).rejects.toMatchObject({ kind: "dns" });
  });
});
