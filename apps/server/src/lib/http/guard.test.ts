import type { ServerResponse } from "node:http";
import { afterEach, describe, expect, it, vi } from "vitest";
import { isPublicAddress } from "./address-scope.ts";
import { FetchError } from "./errors.ts";
import { clientPool, serverPool } from "./test-servers.ts";

const servers = serverPool();
const clients = clientPool();
afterEach(async () => {
  clients.closeAll();
  await servers.closeAll();
});

async function failure(promise: Promise<unknown>): Promise<FetchError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof FetchError) return error;
    throw error;
  }
  throw new Error("expected a FetchError");
}

const ok = (text: string) => (_req: unknown, res: ServerResponse) => res.end(text);
// Lets the tests' own loopback server count as "public" while keeping every other rule.
const allowOnly127001 = (address: string) => address === "127.0.0.1" || isPublicAddress(address);

describe("the private-network guard (reach: public)", () => {
  it.each([
    "http://127.0.0.1:PORT/",
    "http://[::1]:PORT/",
    "http://2130706433:PORT/",
    "http://0x7f.0.0.1:PORT/",
    "http://017700000001:PORT/",
    "http://127.1:PORT/",
    "http://[::ffff:127.0.0.1]:PORT/",
    "http://localhost:PORT/",
  ])("refuses %s before any connection", async (template) => {
    const server = await servers.start(ok("secret"));
    const client = clients.create({ reach: "public" });
    const error = await failure(client.request({ url: template.replace("PORT", String(server.port)) }));
    expect(error.kind).toBe("private-address");
    expect(server.requests).toHaveLength(0);
    expect(server.connections).toBe(0);
  });

  it("refuses a hostname that resolves to a private address", async () => {
    const resolve = vi.fn(async () => [{ address: "10.0.0.5", family: 4 as const }]);
    const client = clients.create({ reach: "public", resolve });
    const error = await failure(client.request({ url: "http://feed.test/rss" }));
    expect(error).toMatchObject({ kind: "private-address", url: "http://feed.test/rss" });
    expect(error.message).toContain("10.0.0.5");
    expect(resolve).toHaveBeenCalledWith("feed.test");
  });

  it("refuses a hostname when any one of its addresses is private", async () => {
    const resolve = async () => [
      { address: "93.184.216.34", family: 4 as const },
      { address: "fd00::7", family: 6 as const },
    ];
    const client = clients.create({ reach: "public", resolve });
    expect((await failure(client.request({ url: "https://mixed.test/" }))).kind).toBe("private-address");
  });

  it("reports a resolver failure as dns", async () => {
    const resolve = async () => Promise.reject(Object.assign(new Error("getaddrinfo ENOTFOUND nowhere.test"), { code: "ENOTFOUND" }));
    const client = clients.create({ reach: "public", resolve });
    expect((await failure(client.request({ url: "http://nowhere.test/" }))).kind).toBe("dns");
    const empty = clients.create({ reach: "public", resolve: async () => [] });
    expect((await failure(empty.request({ url: "http://nowhere.test/" }))).kind).toBe("dns");
  });

  describe("on redirects", () => {
    // public.test is the tests' stand-in for a public site; internal.test an intranet host.
    const resolve = async (host: string) => [{ address: host === "public.test" ? "127.0.0.1" : "127.0.0.2", family: 4 as const }];

    async function setup(location: (internalPort: number) => string) {
      const internal = await servers.start(ok("intranet secret"), { host: "127.0.0.2" });
      const site = await servers.start((_req, res) => res.writeHead(302, { location: location(internal.port) }).end());
      return { internal, url: `http://public.test:${site.port}/feed`, site };
    }

    it("checks every hop: a redirect to a private host fails before contacting it", async () => {
      const { internal, url, site } = await setup((port) => `http://internal.test:${port}/admin`);
      const client = clients.create({ reach: "public", resolve, isAddressAllowed: allowOnly127001 });
      const error = await failure(client.request({ url }));
      expect(error).toMatchObject({ kind: "private-address", url: `http://internal.test:${internal.port}/admin` });
      expect(site.requests).toHaveLength(1);
      expect(internal.connections).toBe(0);
    });

    it("checks every hop: a redirect to a private IP literal fails too", async () => {
      const { internal, url } = await setup((port) => `http://127.0.0.2:${port}/admin`);
      const client = clients.create({ reach: "public", resolve, isAddressAllowed: allowOnly127001 });
      expect((await failure(client.request({ url }))).kind).toBe("private-address");
      expect(internal.connections).toBe(0);
    });

    it("(control) with reach private-networks the same redirect reaches the internal server", async () => {
      const { internal, url } = await setup((port) => `http://internal.test:${port}/admin`);
      const client = clients.create({ reach: "private-networks", resolve });
      const response = await client.request({ url });
      expect(response.body.toString()).toBe("intranet secret");
      expect(internal.requests).toHaveLength(1);
    });
  });

  it("closes the DNS-rebinding gap: connects to the address it checked, never resolving twice", async () => {
    const checked = await servers.start(ok("checked"));
    // Same port on another loopback address: where a second resolution would lead.
    const rebound = await servers.start(ok("rebound"), { host: "127.0.0.2", port: checked.port });
    let calls = 0;
    const resolve = vi.fn(async () => [{ address: ++calls === 1 ? "127.0.0.1" : "127.0.0.2", family: 4 as const }]);
    const client = clients.create({ reach: "public", resolve, isAddressAllowed: (address) => address === "127.0.0.1" });

    const response = await client.request({ url: `http://rebind.test:${checked.port}/` });
    expect(response.body.toString()).toBe("checked");
    expect(resolve).toHaveBeenCalledTimes(1);
    expect(rebound.connections).toBe(0);

    // The next request resolves afresh, sees the private answer and stops.
    expect((await failure(client.request({ url: `http://rebind.test:${checked.port}/` }))).kind).toBe("private-address");
    expect(rebound.connections).toBe(0);
  });

  it("verifies the connected socket's peer as well", async () => {
    const server = await servers.start(ok("secret"));
    // Allowed when checked before connecting, refused when the socket's peer is checked.
    let calls = 0;
    const client = clients.create({ reach: "public", isAddressAllowed: () => ++calls === 1 });
    const error = await failure(client.request({ url: `${server.origin}/` }));
    expect(error.kind).toBe("private-address");
    expect(calls).toBe(2);
    expect(server.requests).toHaveLength(0);
  });
});
