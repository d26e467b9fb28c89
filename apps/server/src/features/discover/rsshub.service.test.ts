import { ErrorCode } from "@tidings/contracts";
import { describe, expect, it } from "vitest";
import type { RequestUser } from "../../http/context.ts";
import type { RsshubCatalogue } from "./rsshub-routes.ts";
import { createRsshubService, INSTANCE_CACHE_MS } from "./rsshub.service.ts";

const admin: RequestUser = { id: "1", email: "a@example.com", name: "A", role: "user", isAdmin: true };
const reader: RequestUser = { ...admin, id: "2", isAdmin: false };

const snapshot: RsshubCatalogue = { github: { name: "GitHub", lang: "en", routes: { "/repos/:user": { path: "/repos/:user", name: "User Repo", categories: ["programming"] } } } };
const instance: RsshubCatalogue = { mine: { name: "Mine", lang: "en", routes: { "/feed": { path: "/feed", name: "My feed", categories: ["blog"] } } } };

function setup(fetchInstance: () => Promise<RsshubCatalogue>) {
  let now = Date.UTC(2026, 0, 1);
  const errors: unknown[] = [];
  const service = createRsshubService({
    snapshot: () => snapshot,
    fetchInstance,
    clock: { now: () => new Date(now) },
    onBackgroundError: (error) => errors.push(error),
  });
  return { service, errors, advance: (ms: number) => void (now += ms) };
}

describe("the RSSHub catalogue", () => {
  it("serves the snapshot until an admin refreshes it from the instance", async () => {
    let calls = 0;
    const { service } = setup(async () => {
      calls++;
      return instance;
    });
    expect(Object.keys(service.list({}))).toEqual(["github"]);
    await expect(service.refresh(reader)).rejects.toMatchObject({ code: ErrorCode.NoPermission });
    expect(calls).toBe(0);
    expect(await service.refresh(admin)).toMatchObject({ source: "instance", namespaces: 1, routes: 1 });
    expect(Object.keys(service.list({}))).toEqual(["mine"]);
    expect(service.route("/mine/feed")).toMatchObject({ prefix: "mine", name: "Mine", route: { name: "My feed" } });
    expect(() => service.route("/github/repos/x")).toThrow(expect.objectContaining({ code: ErrorCode.RSSHubRouteNotFound }));
  });

  it("fetches again in the background after an hour, and falls back to the snapshot when that fails", async () => {
    let fail = false;
    let calls = 0;
    const { service, errors, advance } = setup(async () => {
      calls++;
      if (fail) throw new Error("unreachable");
      return instance;
    });
    await service.refresh(admin);
    advance(INSTANCE_CACHE_MS - 1);
    expect(Object.keys(service.list({}))).toEqual(["mine"]);
    expect(calls).toBe(1);
    fail = true;
    advance(1);
    // Stale routes are served while the instance is asked again.
    expect(Object.keys(service.list({}))).toEqual(["mine"]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls).toBe(2);
    expect(errors).toHaveLength(1);
    expect(Object.keys(service.list({}))).toEqual(["github"]);
  });

  it("answers 13007 when the instance cannot be reached, keeping the snapshot", async () => {
    const { service } = setup(async () => {
      throw new Error("connect ECONNREFUSED");
    });
    await expect(service.refresh(admin)).rejects.toMatchObject({ code: ErrorCode.RSSHubUnavailable, reason: expect.stringContaining("ECONNREFUSED") });
    expect(Object.keys(service.list({}))).toEqual(["github"]);
  });
});
