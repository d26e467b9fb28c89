import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface TestItem {
  guid: string;
  title: string;
  /** HTML body. */
  content?: string;
  description?: string;
  link?: string;
  published: Date;
  /** An enclosure (audio, video or image). */
  enclosure?: { url: string; type: string; length?: number };
  image?: string;
}

export interface TestFeed {
  title: string;
  site?: string;
  items: TestItem[];
}

const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** An RSS 2.0 document with content:encoded and media:content, as real feeds write them. */
export function rss(feed: TestFeed): string {
  const items = feed.items
    .map(
      (item) => `<item>
  <guid isPermaLink="false">${escape(item.guid)}</guid>
  <title>${escape(item.title)}</title>
  <link>${escape(item.link ?? `${feed.site ?? "https://example.com"}/${item.guid}`)}</link>
  <pubDate>${item.published.toUTCString()}</pubDate>
  ${item.description ? `<description>${escape(item.description)}</description>` : ""}
  ${item.content ? `<content:encoded><![CDATA[${item.content}]]></content:encoded>` : ""}
  ${item.enclosure ? `<enclosure url="${escape(item.enclosure.url)}" type="${item.enclosure.type}" length="${item.enclosure.length ?? 0}"/>` : ""}
  ${item.image ? `<media:content url="${escape(item.image)}" medium="image"/>` : ""}
</item>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:media="http://search.yahoo.com/mrss/">
<channel>
  <title>${escape(feed.title)}</title>
  <link>${escape(feed.site ?? "https://example.com")}</link>
  <description>${escape(feed.title)} for tests</description>
${items}
</channel>
</rss>`;
}

/**
 * A loopback HTTP server the product's server fetches feeds from. Paths are set with `set`;
 * anything else is 404. `url(path)` is what to subscribe to.
 */
export async function startFeedServer(): Promise<{
  url: (path: string) => string;
  set: (path: string, body: string, type?: string) => void;
  /** Serves a feed titled `title` with `items` stories, an hour apart, at `path`; answers its URL. */
  publish: (path: string, title: string, items: number) => string;
  close: () => Promise<void>;
  server: Server;
}> {
  const routes = new Map<string, { body: string; type: string }>();
  const server = createServer((request, response) => {
    const route = routes.get(new URL(request.url ?? "/", "http://x").pathname);
    if (!route) return void response.writeHead(404).end("not found");
    response.writeHead(200, { "content-type": route.type, "cache-control": "no-cache" }).end(route.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const url = (path: string) => `http://127.0.0.1:${port}${path}`;
  const set = (path: string, body: string, type = "application/rss+xml; charset=utf-8") => void routes.set(path, { body, type });
  return {
    url,
    set,
    publish: (path, title, items) => {
      set(
        path,
        rss({
          title,
          site: `https://${title.replace(/\W/g, "").toLowerCase()}.example`,
          items: Array.from({ length: items }, (_, i) => ({
            guid: `${path}-${i}`,
            title: `${title} story ${i + 1}`,
            published: new Date(Date.now() - (i + 1) * 3_600_000),
            content: `<p>${title}, story number ${i + 1}.</p>`,
          })),
        }),
      );
      return url(path);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
    server,
  };
}
