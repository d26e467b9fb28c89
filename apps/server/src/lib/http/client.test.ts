import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_ACCEPT } from "./client.ts";
import { ACCEPT_ENCODING } from "./decompress.ts";
import { FetchError } from "./errors.ts";
import { clientPool, serverPool } from "./test-servers.ts";

const servers = serverPool();
const clients = clientPool();
afterEach(async () => {
  clients.closeAll();
  await servers.closeAll();
});

describe("createHttpClient", () => {
  it("returns a 200 with its body and lower-case headers", async () => {
    const server = await servers.start((_req, res) => {
      res.setHeader("Content-Type", "application/rss+xml; charset=utf-8");
      res.setHeader("ETag", '"v1"');
      res.end("<rss/>");
    });
    const response = await clients.create().request({ url: `${server.origin}/feed.xml?x=1` });
    expect(response.status).toBe(200);
    expect(response.body.toString()).toBe("<rss/>");
    expect(response.headers["content-type"]).toBe("application/rss+xml; charset=utf-8");
    expect(response.headers.etag).toBe('"v1"');
    expect(response).toMatchObject({ url: `${server.origin}/feed.xml?x=1`, redirects: [], permanentUrl: null });
    expect(server.requests[0]?.url).toBe("/feed.xml?x=1");
  });

  it("sends User-Agent, the default Accept and Accept-Encoding; a caller's Accept wins", async () => {
    const server = await servers.start((_req, res) => res.end());
    const client = clients.create({ userAgent: "Tidings/0.5.0 (+https://github.com/tidings-reader/tidings)" });
    await client.request({ url: server.origin });
    await client.request({ url: server.origin, headers: { Accept: "image/*", "X-Extra": "1" } });
    const [first, second] = server.requests;
    expect(first?.headers).toMatchObject({
      "user-agent": "Tidings/0.5.0 (+https://github.com/tidings-reader/tidings)",
      accept: DEFAULT_ACCEPT,
      "accept-encoding": ACCEPT_ENCODING,
      host: `127.0.0.1:${server.port}`,
    });
    expect(ACCEPT_ENCODING).toMatch(/^gzip, deflate, br/);
    expect(second?.headers).toMatchObject({ accept: "image/*", "x-extra": "1" });
  });

  it("sends conditional validators and returns a 304 as a response", async () => {
    const server = await servers.start((_req, res) => res.writeHead(304, { etag: '"v1"' }).end());
    const response = await clients.create().request({ url: server.origin, etag: '"v1"', lastModified: "Wed, 21 Oct 2015 07:28:00 GMT" });
    expect(response.status).toBe(304);
    expect(response.body).toHaveLength(0);
    expect(server.requests[0]?.headers).toMatchObject({ "if-none-match": '"v1"', "if-modified-since": "Wed, 21 Oct 2015 07:28:00 GMT" });
  });

  it("returns 4xx and 5xx statuses with their headers, as responses", async () => {
    const server = await servers.start((req, res) => {
      if (req.url === "/busy") res.writeHead(429, { "retry-after": "120" }).end("slow down");
      else if (req.url === "/gone") res.writeHead(410).end();
      else res.writeHead(503).end("down");
    });
    const client = clients.create();
    const busy = await client.request({ url: `${server.origin}/busy` });
    expect(busy).toMatchObject({ status: 429, headers: { "retry-after": "120" } });
    expect(busy.body.toString()).toBe("slow down");
    expect((await client.request({ url: `${server.origin}/gone` })).status).toBe(410);
    expect((await client.request({ url: `${server.origin}/down` })).status).toBe(503);
  });

  it("returns a 3xx without Location as a response", async () => {
    const server = await servers.start((_req, res) => res.writeHead(302).end("nowhere"));
    const response = await clients.create().request({ url: server.origin });
    expect(response.status).toBe(302);
    expect(response.redirects).toEqual([]);
  });

  it("joins repeated headers with ', ' and Set-Cookie with a newline", async () => {
    const server = await servers.start((_req, res) => {
      res.setHeader("Link", ["<a>; rel=hub", "<b>; rel=self"]);
      res.setHeader("Set-Cookie", ["a=1; Expires=Wed, 21 Oct 2037 07:28:00 GMT", "b=2"]);
      res.end();
    });
    const { headers } = await clients.create().request({ url: server.origin });
    expect(headers.link).toBe("<a>; rel=hub, <b>; rel=self");
    expect(headers["set-cookie"]).toBe("a=1; Expires=Wed, 21 Oct 2037 07:28:00 GMT\nb=2");
  });

  it("sends a POST body with its Content-Length", async () => {
    const server = await servers.start((_req, res) => res.writeHead(202).end("queued"));
    const client = clients.create();
    const response = await client.request({
      url: `${server.origin}/hook`,
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ entry: 1 }),
    });
    expect(response.status).toBe(202);
    expect(server.requests[0]).toMatchObject({ method: "POST", body: '{"entry":1}', headers: { "content-length": "11" } });
    await client.request({ url: `${server.origin}/bytes`, method: "POST", body: new Uint8Array([104, 105]) });
    expect(server.requests[1]?.body).toBe("hi");
  });

  it("answers HEAD without a body, whatever Content-Length says", async () => {
    const server = await servers.start((_req, res) => res.writeHead(200, { "content-length": "999999999" }).end());
    const response = await clients.create({ maxBytes: 10 }).request({ url: server.origin, method: "HEAD" });
    expect(response.status).toBe(200);
    expect(response.body).toHaveLength(0);
    expect(server.requests[0]?.method).toBe("HEAD");
  });

  it("reuses one keep-alive connection for sequential requests to a host", async () => {
    const server = await servers.start((_req, res) => res.end("x".repeat(1000)));
    const client = clients.create();
    for (let i = 0; i < 3; i++) expect((await client.request({ url: `${server.origin}/${i}` })).status).toBe(200);
    expect(server.requests).toHaveLength(3);
    expect(server.connections).toBe(1);
  });

  it("retries a GET once on a fresh connection when a reused one turns out closed; never a POST", async () => {
    const server = await servers.startTcp((socket) => {
      let served = 0;
      socket.on("data", (data: Buffer) => {
        if (!data.toString().includes("\r\n\r\n")) return;
        // The first request is answered; the connection then behaves as if the server had
        // dropped it while idle in the client's pool.
        if (served++ === 0) socket.write("HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: keep-alive\r\n\r\nok");
        else socket.destroy();
      });
    });
    const client = clients.create();
    const url = `http://127.0.0.1:${server.port}/`;
    expect((await client.request({ url })).body.toString()).toBe("ok");
    expect((await client.request({ url })).body.toString()).toBe("ok");
    expect(server.connections()).toBe(2);
    await expect(client.request({ url, method: "POST", body: "x" })).rejects.toMatchObject({ kind: "network" });
    expect(server.connections()).toBe(2);
  });

  it("close() drops pooled connections and refuses later requests", async () => {
    const server = await servers.start((_req, res) => res.end("ok"));
    const client = clients.create();
    await client.request({ url: server.origin });
    expect(server.openConnections()).toBe(1);
    client.close();
    await expect.poll(() => server.openConnections()).toBe(0);
    await expect(client.request({ url: server.origin })).rejects.toMatchObject({ kind: "aborted" });
  });

  it("close() aborts requests in flight", async () => {
    const server = await servers.start(() => {});
    const client = clients.create();
    const pending = client.request({ url: server.origin });
    await expect.poll(() => server.requests.length).toBe(1);
    client.close();
    const error: unknown = await pending.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(FetchError);
    expect(error).toMatchObject({ kind: "aborted", url: `${server.origin}/` });
  });
});
