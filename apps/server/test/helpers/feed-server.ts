import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface Route {
  status?: number;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Answer 304 when the request's If-None-Match equals this ETag (set on 200 answers too). */
  etag?: string;
  /** Called instead of the fields above. */
  handle?: (request: IncomingMessage, response: ServerResponse) => void;
}

/** A local HTTP server that serves feeds by path and counts requests, for fetcher tests. */
export interface FeedServer {
  url(path: string): string;
  set(path: string, route: Route): void;
  hits(path: string): number;
  requests: { path: string; headers: IncomingMessage["headers"] }[];
  close(): Promise<void>;
}

export async function startFeedServer(host = "127.0.0.1"): Promise<FeedServer> {
  const routes = new Map<string, Route>();
  const counts = new Map<string, number>();
  const requests: FeedServer["requests"] = [];
  const server: Server = createServer((request, response) => {
    const path = request.url ?? "/";
    counts.set(path, (counts.get(path) ?? 0) + 1);
    requests.push({ path, headers: request.headers });
    const route = routes.get(path);
    if (!route) {
      response.writeHead(404).end("not found");
      return;
    }
    if (route.handle) return route.handle(request, response);
    if (route.etag && request.headers["if-none-match"] === route.etag) {
      response.writeHead(304, { etag: route.etag }).end();
      return;
    }
    response.writeHead(route.status ?? 200, {
      "content-type": "application/rss+xml; charset=utf-8",
      ...(route.etag ? { etag: route.etag } : {}),
      ...route.headers,
    });
    response.end(route.body ?? "");
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (path) => `http://${host}:${port}${path}`,
    set: (path, route) => void routes.set(path, route),
    hits: (path) => counts.get(path) ?? 0,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A small RSS 2.0 document with `items` items, newest first. */
export function rssFeed(options: { title?: string; language?: string; items: { guid: string; title: string; body?: string; date?: Date; enclosure?: string }[]; ttl?: number }): string {
  const items = options.items
    .map(
      (item) => `<item><guid>${item.guid}</guid><title>${item.title}</title><link>https://example.com/${item.guid}</link>
<description><![CDATA[${item.body ?? `<p>${item.title} body</p>`}]]></description>
<pubDate>${(item.date ?? new Date()).toUTCString()}</pubDate>${item.enclosure ? `<enclosure url="${item.enclosure}" type="audio/mpeg" length="1234"/>` : ""}</item>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel><title>${options.title ?? "Test feed"}</title><link>https://example.com/</link><description>A test feed</description>${options.language ? `<language>${options.language}</language>` : ""}${options.ttl ? `<ttl>${options.ttl}</ttl>` : ""}${items}</channel></rss>`;
}
