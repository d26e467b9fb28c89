import { ErrorCode } from "@tidings/contracts";
import { describe, expect, it } from "vitest";
import type { RequestUser } from "../../http/context.ts";
import type { RsshubCatalogue } from "./rsshub-routes.ts";
import { type CatalogueSource, createRsshubCatalogue, FAILURE_PAUSE_MS, INSTANCE_CACHE_MS } from "./rsshub-catalogue.ts";

const admin: RequestUser = { id: "1", email: "a@example.com", name: "A", role: "user", isAdmin: true };
const reader: RequestUser = { ...admin, id: "2", isAdmin: false };

const snapshot: RsshubCatalogue = { github: { name: "GitHub", lang: "en", routes: { "/repos/:user": { path: "/repos/:user", name: "User Repo", categories: ["programming"] } } } };
const mine: RsshubCatalogue = { mine: { name: "Mine", lang: "en", routes: { "/feed": { path: "/feed", name: "My feed", categories: ["blog"] } } } };
const fallback: RsshubCatalogue = { other: { name: "Other", lang: "en", routes: { "/x": { path: "/x", name: "X", categories: ["blog"] } } } };

function setup() {
  let now = Date.UTC(2026, 0, 1);
  const errors: unknown[] = [];
  const catalogue = createRsshubCatalogue({ snapshot: () => snapshot, clock: { now: () => new Date(now) }, waitMs: 50, onBackgroundError: (error) => errors.push(error) });
  return { catalogue, errors, advance: (ms: number) => void (now += ms) };
}

function source(key: string, kind: "instance" | "default", answer: () => Promise<RsshubCatalogue>) {
  const calls = { count: 0 };
  const src: CatalogueSource = {
    key,
    kind,
    fetch: () => {
      calls.count++;
      return answer();
    },
  };
  return { src, calls };
}

describe("the RSSHub catalogue", () => {
  it("serves the reader's instance's routes, kept for an hour, then fetched again in the background", async () => {
    const { catalogue, advance } = setup();
    let answer = mine;
    const own = source("7", "instance", async () => answer);
    expect(Object.keys(await catalogue.list([own.src], {}))).toEqual(["mine"]);
    expect(catalogue.peek([own.src])).toMatchObject({ source: "instance" });
    advance(INSTANCE_CACHE_MS - 1);
    await catalogue.list([own.src], {});
    expect(own.calls.count).toBe(1);
    answer = fallback;
    advance(1);
    // Stale routes are served while the instance is asked again.
    expect(Object.keys(await catalogue.list([own.src], {}))).toEqual(["mine"]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(own.calls.count).toBe(2);
    expect(Object.keys(await catalogue.list([own.src], {}))).toEqual(["other"]);
    expect(await catalogue.route([own.src], "/other/x")).toMatchObject({ prefix: "other", route: { name: "X" } });
    await expect(catalogue.route([own.src], "/github/repos/x")).rejects.toMatchObject({ code: ErrorCode.RSSHubRouteNotFound });
  });

  it("falls back to the default instance, then to the shipped list, and pauses a failing source", async () => {
    const { catalogue, errors, advance } = setup();
    const own = source("7", "instance", async () => {
      throw new Error("connect ECONNREFUSED");
    });
    let defaultUp = false;
    const dflt = source("default", "default", async () => {
      if (!defaultUp) throw new Error("HTTP 503");
      return fallback;
    });
    expect(Object.keys(await catalogue.list([own.src, dflt.src], {}))).toEqual(["github"]);
    expect(catalogue.peek([own.src, dflt.src])).toEqual({ source: "bundled", fetchedAt: null });
    expect(errors).toHaveLength(2);
    defaultUp = true;
    // Neither is asked again for five minutes.
    await catalogue.list([own.src, dflt.src], {});
    expect([own.calls.count, dflt.calls.count]).toEqual([1, 1]);
    advance(FAILURE_PAUSE_MS);
    // After the pause they are asked again in the background; the answer serves the next request.
    expect(Object.keys(await catalogue.list([own.src, dflt.src], {}))).toEqual(["github"]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect([own.calls.count, dflt.calls.count]).toEqual([2, 2]);
    expect(Object.keys(await catalogue.list([own.src, dflt.src], {}))).toEqual(["other"]);
    expect(catalogue.peek([own.src, dflt.src])).toMatchObject({ source: "default" });
  });

  it("does not keep a first request waiting on a slow instance", async () => {
    const { catalogue } = setup();
    let release: (value: RsshubCatalogue) => void = () => {};
    const slow = source("9", "instance", () => new Promise<RsshubCatalogue>((resolve) => (release = resolve)));
    expect(Object.keys(await catalogue.list([slow.src], {}))).toEqual(["github"]);
    release(mine);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(Object.keys(await catalogue.list([slow.src], {}))).toEqual(["mine"]);
    expect(slow.calls.count).toBe(1);
  });

  it("refreshes on an admin's request only, answering 13007 when the instance cannot be reached", async () => {
    const { catalogue } = setup();
    const own = source("7", "instance", async () => mine);
    await expect(catalogue.refresh(reader, own.src)).rejects.toMatchObject({ code: ErrorCode.NoPermission });
    expect(await catalogue.refresh(admin, own.src)).toMatchObject({ source: "instance", namespaces: 1, routes: 1 });
    const down = source("8", "instance", async () => {
      throw new Error("connect ECONNREFUSED");
    });
    await expect(catalogue.refresh(admin, down.src)).rejects.toMatchObject({ code: ErrorCode.RSSHubUnavailable, reason: expect.stringContaining("ECONNREFUSED") });
  });
});
