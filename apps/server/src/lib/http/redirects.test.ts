import type { ServerResponse } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { clientPool, serverPool } from "./test-servers.ts";

const servers = serverPool();
const clients = clientPool();
afterEach(async () => {
  clients.closeAll();
  await servers.closeAll();
});

/** A server whose paths redirect as the table says; "/final" answers 200 "done". */
async function redirector(table: Record<string, [status: number, location: string]>) {
  return servers.start((req, res: ServerResponse) => {
    const hop = table[req.url ?? ""];
    if (hop === undefined) res.end(`done ${req.method}`);
    else res.writeHead(hop[0], { location: hop[1] }).end();
  });
}

describe("redirects", () => {
  it("follows a 301 → 308 chain and reports the permanent URL", async () => {
    const server = await redirector({ "/a": [301, "/b"], "/b": [308, "/final"] });
    const response = await clients.create().request({ url: `${server.origin}/a` });
    expect(response.body.toString()).toBe("done GET");
    expect(response.url).toBe(`${server.origin}/final`);
    expect(response.redirects).toEqual([
      { status: 301, location: `${server.origin}/b` },
      { status: 308, location: `${server.origin}/final` },
    ]);
    expect(response.permanentUrl).toBe(`${server.origin}/final`);
  });

  it("reports no permanent URL when one redirect of the chain is temporary", async () => {
    const server = await redirector({ "/a": [301, "/b"], "/b": [302, "/c"], "/c": [308, "/final"] });
    const response = await clients.create().request({ url: `${server.origin}/a` });
    expect(response.redirects.map((redirect) => redirect.status)).toEqual([301, 302, 308]);
    expect(response.permanentUrl).toBeNull();
  });

  it("resolves relative Locations against the current URL", async () => {
    const server = await redirector({ "/dir/feed": [302, "../other/./x?y=1"], "/other/x?y=1": [307, "final"] });
    const response = await clients.create().request({ url: `${server.origin}/dir/feed` });
    expect(response.url).toBe(`${server.origin}/other/final`);
  });

  it("follows a redirect to another server", async () => {
    const target = await servers.start((_req, res) => res.end("elsewhere"));
    const server = await redirector({ "/a": [302, `${target.origin}/feed`] });
    const response = await clients.create().request({ url: `${server.origin}/a` });
    expect(response.body.toString()).toBe("elsewhere");
    expect(response.url).toBe(`${target.origin}/feed`);
  });

  it("fails with redirect-loop when a URL comes back", async () => {
    const server = await redirector({ "/a": [302, "/b"], "/b": [302, "/a"] });
    await expect(clients.create().request({ url: `${server.origin}/a` })).rejects.toMatchObject({ kind: "redirect-loop" });
    expect(server.requests).toHaveLength(2);
  });

  it("fails with too-many-redirects on the sixth redirect, and follows five", async () => {
    const table: Record<string, [number, string]> = {};
    for (let i = 0; i < 6; i++) table[`/r${i}`] = [302, `/r${i + 1}`];
    table["/r6"] = [302, "/final"];
    const server = await redirector(table);
    const client = clients.create();
    await expect(client.request({ url: `${server.origin}/r0` })).rejects.toMatchObject({ kind: "too-many-redirects" });
    expect(server.requests).toHaveLength(6);
    const five = await client.request({ url: `${server.origin}/r2` });
    expect(five.redirects).toHaveLength(5);
  });

  it("fails on a redirect to an unsupported protocol", async () => {
    const server = await redirector({ "/a": [301, "ftp://example.com/feed"] });
    await expect(clients.create().request({ url: `${server.origin}/a` })).rejects.toMatchObject({ kind: "unsupported-protocol" });
  });

  it("turns POST into GET without a body on 303, 301 and 302", async () => {
    const server = await redirector({ "/303": [303, "/final"], "/301": [301, "/final"], "/302": [302, "/final"] });
    const client = clients.create();
    for (const path of ["/303", "/301", "/302"]) {
      const response = await client.request({ url: `${server.origin}${path}`, method: "POST", body: "payload", headers: { "content-type": "text/plain" } });
      expect(response.body.toString()).toBe("done GET");
      const followed = server.requests.at(-1);
      expect(followed).toMatchObject({ method: "GET", body: "" });
      expect(followed?.headers["content-type"]).toBeUndefined();
      expect(followed?.headers["content-length"]).toBeUndefined();
    }
  });

  it("keeps method and body on 307 and 308", async () => {
    const server = await redirector({ "/307": [307, "/final"], "/308": [308, "/final"] });
    const client = clients.create();
    for (const path of ["/307", "/308"]) {
      const response = await client.request({ url: `${server.origin}${path}`, method: "POST", body: "payload" });
      expect(response.body.toString()).toBe("done POST");
      expect(server.requests.at(-1)).toMatchObject({ method: "POST", body: "payload" });
    }
  });

  it("drops Authorization and Cookie on a redirect to another origin, keeps them on the same origin", async () => {
    const other = await servers.start((_req, res) => res.end("other"));
    const server = await redirector({ "/a": [302, "/b"], "/b": [302, `${other.origin}/c`] });
    await clients.create().request({ url: `${server.origin}/a`, headers: { Authorization: "Bearer t", Cookie: "s=1" } });
    expect(server.requests[1]?.headers).toMatchObject({ authorization: "Bearer t", cookie: "s=1" });
    expect(other.requests[0]?.headers.authorization).toBeUndefined();
    expect(other.requests[0]?.headers.cookie).toBeUndefined();
  });

  it("sends URL credentials as Basic auth to the first origin only", async () => {
    const other = await servers.start((_req, res) => res.end("other"));
    const server = await redirector({ "/a": [302, `${other.origin}/c`] });
    const url = `http://us%40er:p%3Ass@127.0.0.1:${server.port}/a`;
    const response = await clients.create().request({ url });
    expect(server.requests[0]?.headers.authorization).toBe(`Basic ${Buffer.from("us@er:p:ss").toString("base64")}`);
    expect(other.requests[0]?.headers.authorization).toBeUndefined();
    expect(response.url).toBe(`${other.origin}/c`);
  });
});
