import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { rssFeed } from "./feed-server.ts";

/** What a fake instance serves: its routes' items, its catalogue and its published Follow config. */
export interface RsshubServerOptions {
  /** ACCESS_KEY: routes, /healthz and /api/* then need `key=` or `code=md5(path + key)`. */
  accessKey?: string;
  /** Route paths (`/test/news`) and their items' titles. */
  routes: Record<string, string[]>;
  /** `/api/namespace`'s answer. */
  namespaces: Record<string, unknown>;
  /** `/api/follow/config`'s answer (none: 404, as older instances). */
  followConfig?: Record<string, unknown>;
  /** Channel title prefix, to tell instances apart in entries. */
  name: string;
}

/** A local server speaking RSSHub's HTTP interface (access control, /healthz, /api/namespace, routes). */
export interface RsshubServer {
  readonly baseUrl: string;
  /** Requests by path (without the query), and every request's full URL. */
  hits(path: string): number;
  urls: string[];
  /** Stops answering: connections are refused until `up()`. */
  down(): Promise<void>;
  up(): Promise<void>;
  /** Answers every route with 503, as RSSHub does when a route fails upstream. */
  failRoutes(fail: boolean): void;
  close(): Promise<void>;
}

export async function startRsshubServer(options: RsshubServerOptions): Promise<RsshubServer> {
  const counts = new Map<string, number>();
  const urls: string[] = [];
  let failing = false;
  const handler = (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? "/", "http://local");
    urls.push(request.url ?? "/");
    counts.set(url.pathname, (counts.get(url.pathname) ?? 0) + 1);
    const key = options.accessKey;
    if (key && url.pathname !== "/") {
      const code = createHash("md5").update(url.pathname + key).digest("hex");
      if (url.searchParams.get("key") !== key && url.searchParams.get("code") !== code) {
        response.writeHead(403, { "content-type": "text/html" }).end(`Authentication failed. Access denied.\n${url.pathname}`);
        return;
      }
    }
    const json = (body: unknown) => response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
    if (url.pathname === "/healthz") return void response.writeHead(200, { "content-type": "text/plain" }).end("ok");
    if (url.pathname === "/api/namespace") return json(options.namespaces);
    if (url.pathname === "/api/follow/config" && options.followConfig) return json(options.followConfig);
    const items = options.routes[url.pathname];
    if (!items) return void response.writeHead(404, { "content-type": "text/html" }).end("Error: wrong path");
    if (failing) return void response.writeHead(503, { "content-type": "text/html" }).end("FetchError: upstream");
    response
      .writeHead(200, { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=300" })
      .end(rssFeed({ title: `${options.name} ${url.pathname}`, items: items.map((title) => ({ guid: `${url.pathname}#${title}`, title })) }));
  };
  let server: Server = createServer(handler);
  server.keepAliveTimeout = 500;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const stop = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    hits: (path) => counts.get(path) ?? 0,
    urls,
    down: stop,
    async up() {
      server = createServer(handler);
      server.keepAliveTimeout = 500;
      await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
    },
    failRoutes: (fail) => void (failing = fail),
    close: () => (server.listening ? stop() : Promise.resolve()),
  };
}
