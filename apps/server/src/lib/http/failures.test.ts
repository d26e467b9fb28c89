import { afterEach, describe, expect, it } from "vitest";
import { FetchError } from "./errors.ts";
import { clientPool, closedPort, serverPool } from "./test-servers.ts";

const servers = serverPool();
const clients = clientPool();
afterEach(async () => {
  clients.closeAll();
  await servers.closeAll();
});

/** The FetchError a request fails with, and how long it took. */
async function failure(promise: Promise<unknown>): Promise<{ error: FetchError; ms: number }> {
  const started = performance.now();
  try {
    await promise;
  } catch (error) {
    if (error instanceof FetchError) return { error, ms: performance.now() - started };
    throw error;
  }
  throw new Error("expected a FetchError");
}

describe("transport failures", () => {
  it("times out a server that accepts but never answers", async () => {
    const server = await servers.startTcp(() => {});
    const { error, ms } = await failure(clients.create({ totalTimeoutMs: 300 }).request({ url: `http://127.0.0.1:${server.port}/` }));
    expect(error).toMatchObject({ kind: "timeout", url: `http://127.0.0.1:${server.port}/` });
    expect(ms).toBeGreaterThanOrEqual(290);
    expect(ms).toBeLessThan(1500);
  });

  it("times out a server that sends headers and then stalls mid-body", async () => {
    const server = await servers.start((_req, res) => {
      res.writeHead(200, { "content-length": "100" });
      res.write("only ten b");
    });
    const { error, ms } = await failure(clients.create({ totalTimeoutMs: 300 }).request({ url: server.origin }));
    expect(error.kind).toBe("timeout");
    expect(ms).toBeLessThan(1500);
  });

  it("counts redirects against the total timeout", async () => {
    const server = await servers.start((req, res) => {
      if (req.url === "/slow") return; // never answers
      res.writeHead(302, { location: "/slow" }).end();
    });
    const { error } = await failure(clients.create({ totalTimeoutMs: 300 }).request({ url: `${server.origin}/start` }));
    expect(error).toMatchObject({ kind: "timeout", url: `${server.origin}/slow` });
  });

  it("fails with connect-timeout when the TCP connect hangs", async () => {
    const port = await servers.startBlackHole();
    const client = clients.create({ connectTimeoutMs: 200, totalTimeoutMs: 5_000 });
    const { error, ms } = await failure(client.request({ url: `http://127.0.0.1:${port}/` }));
    expect(error.kind).toBe("connect-timeout");
    expect(ms).toBeLessThan(2000);
  });

  it("fails with network when the connection is refused", async () => {
    const port = await closedPort();
    const { error } = await failure(clients.create().request({ url: `http://127.0.0.1:${port}/` }));
    expect(error.kind).toBe("network");
    expect(error.message).toContain("ECONNREFUSED");
  });

  it("fails with network when the server hangs up mid-response", async () => {
    const server = await servers.startTcp((socket) => socket.end("HTTP/1.1 200 OK\r\ncontent-length: 100\r\n\r\nshort"));
    expect((await failure(clients.create().request({ url: `http://127.0.0.1:${server.port}/` }))).error.kind).toBe("network");
  });

  it("fails with network on a response that is not HTTP", async () => {
    const server = await servers.startTcp((socket) => socket.end("SSH-2.0-OpenSSH_9.6\r\n"));
    expect((await failure(clients.create().request({ url: `http://127.0.0.1:${server.port}/` }))).error.kind).toBe("network");
  });

  it.each(["ftp://example.com/feed", "file:///etc/passwd", "javascript:alert(1)", "data:text/plain,hi", "gopher://x/"])(
    "refuses %s as unsupported-protocol",
    async (url) => {
      expect((await failure(clients.create().request({ url }))).error).toMatchObject({ kind: "unsupported-protocol" });
    },
  );

  it.each(["", "not a url", "http://", "http://exa mple.com/", "//example.com/feed", "http://[::1/"])("refuses %j as invalid-url", async (url) => {
    expect((await failure(clients.create().request({ url }))).error).toMatchObject({ kind: "invalid-url", url });
  });

  it("fails with aborted when the caller's signal fires, and at once if it already had", async () => {
    const server = await servers.start(() => {});
    const client = clients.create();
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const { error, ms } = await failure(client.request({ url: server.origin, signal: controller.signal }));
    expect(error.kind).toBe("aborted");
    expect(ms).toBeLessThan(1000);

    const before = server.connections;
    const { error: early } = await failure(client.request({ url: `${server.origin}/2`, signal: AbortSignal.abort() }));
    expect(early.kind).toBe("aborted");
    expect(server.connections).toBe(before);
  });

  it("aborts a body in progress", async () => {
    const server = await servers.start((_req, res) => res.writeHead(200).write("partial"));
    const controller = new AbortController();
    const pending = clients.create().request({ url: server.origin, signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 50));
    controller.abort();
    expect((await failure(pending)).error.kind).toBe("aborted");
  });

  it("fails with tls on an untrusted certificate (after checking the TLS socket's peer)", async () => {
    const server = await servers.start((_req, res) => res.end("secret"), { tls: true });
    const checked: string[] = [];
    const isAddressAllowed = (address: string) => checked.push(address) > 0;
    const { error } = await failure(clients.create({ isAddressAllowed }).request({ url: server.origin }));
    expect(error.kind).toBe("tls");
    expect(server.requests).toHaveLength(0);
    // Once before connecting, once for the connected socket: the peer check covers TLS too.
    expect(checked).toEqual(["127.0.0.1", "127.0.0.1"]);
  });

  it("fails with tls when an https URL reaches a plain HTTP server", async () => {
    const server = await servers.start((_req, res) => res.end("plain"));
    const { error } = await failure(clients.create().request({ url: `https://127.0.0.1:${server.port}/` }));
    expect(error.kind).toBe("tls");
  });

  it("cleans up: a timed-out request leaves no connection open", async () => {
    const server = await servers.start(() => {});
    await failure(clients.create({ totalTimeoutMs: 100 }).request({ url: server.origin }));
    await expect.poll(() => server.openConnections()).toBe(0);
  });
});
