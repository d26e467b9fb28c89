import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { apiAs, type Api } from "../helpers/api.ts";
import { createTestApp, signUp, type TestApp } from "../helpers/app.ts";
import { startFeedServer, type FeedServer } from "../helpers/feed-server.ts";

interface Namespace {
  name: string;
  url: string;
  description: string;
  lang: string;
  routes: Record<string, { path: string; name: string; example: string; categories: string[]; parameters: Record<string, unknown>; maintainers: string[]; location: string; view?: number }>;
}
type Catalogue = Record<string, Namespace>;

let t: TestApp;
let instance: FeedServer;
let admin: Api;
let reader: Api;

// What an RSSHub instance answers at /api/namespace (a small one).
const instanceRoutes = {
  mysite: {
    name: "My Site",
    url: "mysite.example",
    lang: "en",
    routes: {
      "/posts/:tag?": { path: "/posts/:tag?", name: "Posts", example: "/mysite/posts/news", categories: ["blog", "popular"], maintainers: ["me"], radar: [{ source: ["mysite.example/"] }], location: "posts.ts" },
    },
  },
};

beforeAll(async () => {
  instance = await startFeedServer();
  instance.set("/api/namespace", { headers: { "content-type": "application/json" }, body: JSON.stringify(instanceRoutes) });
  instance.set("/broken/api/namespace", { status: 500, body: "oops" });
  instance.set("/html/api/namespace", { headers: { "content-type": "text/html" }, body: "<html>not json</html>" });
});
afterAll(async () => instance.close());

async function start(rsshubPath = "") {
  t = await createTestApp({ PRIVATE_NETWORKS_FOR: "everyone", RSSHUB_URL: instance.url(rsshubPath || "/") });
  admin = apiAs(t, (await signUp(t, { email: "admin@example.com" })).cookie);
  reader = apiAs(t, (await signUp(t, { email: "reader@example.com" })).cookie);
}

describe("GET /discover/rsshub and /discover/rsshub/route", () => {
  // Reading only: one instance for the listing and the route look-ups; its RSSHub fails, so the
  // shipped list is served.
  beforeAll(() => start("/broken"));
  afterAll(async () => t.close());

  it("lists the shipped routes of popular namespaces", async () => {
    const all = await reader.get<Catalogue>("/discover/rsshub");
    expect(all.status).toBe(200);
    const catalogue = all.body.data!;
    expect(Object.keys(catalogue).length).toBeGreaterThanOrEqual(40);
    expect(catalogue.github).toMatchObject({ name: "GitHub", url: "github.com", lang: "en" });
    expect(catalogue.github!.routes["/issue/:user/:repo/:state?/:labels?"]).toMatchObject({
      path: "/issue/:user/:repo/:state?/:labels?",
      example: "/github/issue/DIYgod/RSSHub/open",
      categories: ["programming"],
      parameters: { user: "GitHub username", state: { default: "open", options: expect.arrayContaining([{ label: "Closed", value: "closed" }]) } },
      maintainers: ["HenryQW", "AndreyMZ"],
      location: "issue.ts",
      view: 5,
    });
  });

  it("filters by namespace, categories and language", async () => {
    const github = (await reader.get<Catalogue>("/discover/rsshub?namespace=github")).body.data!;
    expect(Object.keys(github)).toEqual(["github"]);
    const popular = (await reader.get<Catalogue>("/discover/rsshub?category=popular&categories=popular,programming")).body.data!;
    const routes = Object.values(popular).flatMap((namespace) => Object.values(namespace.routes));
    expect(routes.length).toBeGreaterThan(0);
    expect(routes.every((route) => route.categories.includes("popular") && route.categories.includes("programming"))).toBe(true);
    const chinese = (await reader.get<Catalogue>("/discover/rsshub?lang=zh-CN")).body.data!;
    expect(Object.values(chinese).every((namespace) => namespace.lang === "zh-CN")).toBe(true);
    expect(Object.keys(chinese)).toContain("bilibili");
    expect(Object.keys((await reader.get<Catalogue>("/discover/rsshub?lang=all")).body.data!).length).toBeGreaterThanOrEqual(40);
    expect((await reader.get<Catalogue>("/discover/rsshub?namespace=nope")).body).toEqual({ code: 0, data: {} });
  });

  it("requires a session", async () => {
    expect((await t.request("/api/discover/rsshub")).status).toBe(401);
  });

  it("answers the route a path belongs to, with its namespace", async () => {
    const found = await reader.get(`/discover/rsshub/route?route=${encodeURIComponent("/github/issue/DIYgod/RSSHub")}`);
    expect(found).toMatchObject({
      status: 200,
      body: { code: 0, data: { name: "GitHub", url: "github.com", prefix: "github", route: { path: "/issue/:user/:repo/:state?/:labels?", name: "Repo Issues" } } },
    });
    const byUrl = await reader.get(`/discover/rsshub/route?route=${encodeURIComponent("rsshub://zhihu/hot")}`);
    expect(byUrl.body).toMatchObject({ data: { prefix: "zhihu", route: { path: "/hot/:category?" } } });
  });

  it("answers 13000 for an unknown route and 1002 without one", async () => {
    expect(await reader.get("/discover/rsshub/route?route=/nope/nothing")).toMatchObject({ status: 404, body: { code: 13000 } });
    expect(await reader.get("/discover/rsshub/route?route=/github/no/such/route/at/all/here")).toMatchObject({ status: 404, body: { code: 13000 } });
    expect(await reader.get("/discover/rsshub/route")).toMatchObject({ status: 400, body: { code: 1002 } });
  });
});

describe("POST /discover/rsshub/refresh", () => {
  afterEach(async () => t.close());

  it("serves the configured instance's routes instead of the snapshot, and lets an admin load them again", async () => {
    await start();
    const catalogue = (await reader.get<Catalogue>("/discover/rsshub")).body.data!;
    expect(Object.keys(catalogue)).toEqual(["mysite"]);
    // Only the API's fields travel: the instance's radar rules are left out.
    expect(catalogue.mysite!.routes["/posts/:tag?"]).toEqual({
      path: "/posts/:tag?",
      name: "Posts",
      example: "/mysite/posts/news",
      description: "",
      categories: ["blog", "popular"],
      parameters: {},
      maintainers: ["me"],
      location: "posts.ts",
    });
    expect((await reader.get("/discover/rsshub/route?route=/mysite/posts")).body).toMatchObject({ data: { prefix: "mysite", name: "My Site" } });
    expect(await reader.post("/discover/rsshub/refresh")).toMatchObject({ status: 403, body: { code: 1004 } });
    const refreshed = await admin.post("/discover/rsshub/refresh");
    expect(refreshed).toMatchObject({ status: 200, body: { code: 0, data: { source: "default", namespaces: 1, routes: 1, fetchedAt: expect.any(String) } } });
  });

  it("answers 13007 when the instance fails or answers something else, and keeps the snapshot", async () => {
    await start("/broken");
    expect(await admin.post("/discover/rsshub/refresh")).toMatchObject({ status: 503, body: { code: 13007, reason: expect.stringContaining("HTTP 500") } });
    expect(Object.keys((await reader.get<Catalogue>("/discover/rsshub")).body.data!)).toContain("github");
    await t.close();
    await start("/html");
    expect(await admin.post("/discover/rsshub/refresh")).toMatchObject({ status: 503, body: { code: 13007 } });
  });
});
