// A feed host for the refresh benchmark, in its own process: serves `count` generated feeds on
// every 127.0.0.x address (so they look like many hosts), each answer delayed by `latency` ms,
// with ETag / Last-Modified and 304s. GET /__stats reports requests, 304s and bytes;
// POST /__add?items=N adds N new items to every feed.
import { createHash } from "node:crypto";
import { createServer } from "node:http";
import { gzipSync } from "node:zlib";
import { random, rssDocument } from "./generate-feed.ts";

const count = Number(process.argv[2] ?? 1000);
const latency = Number(process.argv[3] ?? 50);

interface FeedState {
  items: number;
  version: number;
  body: Buffer | null;
  etag: string;
  lastModified: string;
}

const start = Date.parse("2026-11-20T00:00:00Z");
const feeds: FeedState[] = Array.from({ length: count }, (_, i) => ({
  items: 10 + Math.floor(random(i + 1)() * 21),
  version: 0,
  body: null,
  etag: "",
  lastModified: new Date(start).toUTCString(),
}));

function render(index: number): FeedState {
  const state = feeds[index]!;
  if (state.body) return state;
  const xml = rssDocument({
    items: state.items,
    seed: index + 1,
    title: `Feed ${index}`,
    site: `https://site${index}.example`,
    first: start - 60 * 24 * 60_000,
    gapMinutes: 60 + (index % 120),
  });
  state.body = gzipSync(xml);
  state.etag = `"${createHash("sha1").update(xml).digest("hex").slice(0, 16)}"`;
  return state;
}

const stats = { requests: 0, notModified: 0, bytes: 0 };
const server = createServer((request, response) => {
  const url = new URL(request.url ?? "/", "http://x");
  if (url.pathname === "/__stats") {
    response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(stats));
    return;
  }
  if (url.pathname === "/__add") {
    const add = Number(url.searchParams.get("items") ?? 1);
    for (const state of feeds) {
      state.items += add;
      state.version += 1;
      state.body = null;
      state.lastModified = new Date(start + state.version * 3_600_000).toUTCString();
    }
    response.writeHead(200).end("ok");
    return;
  }
  const match = /^\/feeds\/(\d+)\.xml$/.exec(url.pathname);
  const index = match ? Number(match[1]) : -1;
  setTimeout(() => {
    stats.requests++;
    if (index < 0 || index >= count) {
      response.writeHead(404).end();
      return;
    }
    const state = render(index);
    if (request.headers["if-none-match"] === state.etag || request.headers["if-modified-since"] === state.lastModified) {
      stats.notModified++;
      response.writeHead(304, { etag: state.etag }).end();
      return;
    }
    stats.bytes += state.body!.length;
    response
      .writeHead(200, {
        "content-type": "application/rss+xml; charset=utf-8",
        "content-encoding": "gzip",
        etag: state.etag,
        "last-modified": state.lastModified,
        "content-length": state.body!.length,
      })
      .end(state.body);
  }, latency);
});
server.listen(0, "0.0.0.0", () => {
  const address = server.address();
  process.stdout.write(`${typeof address === "object" && address ? address.port : 0}\n`);
});
