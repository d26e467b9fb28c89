import { describe, expect, it } from "vitest";
import { filterCatalogue, findRoute, isCatalogue, patternRegExp, type RsshubCatalogue } from "./rsshub-routes.ts";
import { loadSnapshot } from "./rsshub-instance-api.ts";

const catalogue: RsshubCatalogue = {
  github: {
    name: "GitHub",
    url: "github.com",
    lang: "en",
    routes: {
      "/issue/:user/:repo/:state?/:labels?": { path: "/issue/:user/:repo/:state?/:labels?", name: "Repo Issues", categories: ["programming"] },
      "/trending/:since/:language/:spoken_language?": { path: "/trending/:since/:language/:spoken_language?", name: "Trending", categories: ["programming", "popular"] },
      "/file/:user/:repo/:branch/:filepath{.+}": { path: "/file/:user/:repo/:branch/:filepath{.+}", name: "File Commits", categories: ["programming"] },
      "/repos/:user": { path: "/repos/:user", name: "User Repo" },
    },
  },
  zhihu: { name: "知乎", lang: "zh-CN", categories: ["social-media"], routes: { "/hot/:category?": { path: "/hot/:category?", name: "知乎热榜", categories: ["social-media", "popular"] } } },
  cnbeta: { name: "cnBeta.COM", lang: "zh-TW", routes: { "/": { path: "/", name: "头条资讯", categories: ["new-media"] } } },
};

describe("patternRegExp", () => {
  it("matches required, optional and regular-expression parameters", () => {
    const issue = patternRegExp("/issue/:user/:repo/:state?/:labels?")!;
    expect(issue.test("/issue/DIYgod/RSSHub")).toBe(true);
    expect(issue.test("/issue/DIYgod/RSSHub/open/bug")).toBe(true);
    expect(issue.test("/issue/DIYgod")).toBe(false);
    expect(patternRegExp("/file/:user/:repo/:branch/:filepath{.+}")!.test("/file/a/b/main/docs/README.md")).toBe(true);
    expect(patternRegExp("/")!.test("/")).toBe(true);
    expect(patternRegExp("/:hub?")!.test("/")).toBe(true);
  });
});

describe("findRoute", () => {
  it("finds the route of a concrete path, a rsshub:// URL or a pattern", () => {
    expect(findRoute(catalogue, "/github/issue/DIYgod/RSSHub/open")).toMatchObject({ namespace: "github", route: { name: "Repo Issues" } });
    expect(findRoute(catalogue, "rsshub://github/trending/daily/javascript")).toMatchObject({ route: { name: "Trending" } });
    expect(findRoute(catalogue, "github/file/a/b/main/x/y.md?limit=5")).toMatchObject({ route: { name: "File Commits" } });
    expect(findRoute(catalogue, "/github/issue/:user/:repo/:state?/:labels?")).toMatchObject({ route: { name: "Repo Issues" } });
    expect(findRoute(catalogue, "/zhihu/hot")).toMatchObject({ namespace: "zhihu", route: { categories: ["social-media", "popular"] } });
    expect(findRoute(catalogue, "/cnbeta")).toMatchObject({ route: { name: "头条资讯" } });
  });

  it("answers null for unknown namespaces and paths", () => {
    expect(findRoute(catalogue, "/nope/x")).toBeNull();
    expect(findRoute(catalogue, "/github/unknown/route/here/and/more/segments")).toBeNull();
    expect(findRoute(catalogue, "/__proto__/x")).toBeNull();
  });
});

describe("filterCatalogue", () => {
  it("filters by namespace, every category and language, dropping empty namespaces", () => {
    expect(Object.keys(filterCatalogue(catalogue, {}))).toEqual(["github", "zhihu", "cnbeta"]);
    expect(Object.keys(filterCatalogue(catalogue, { namespace: "GitHub" }))).toEqual(["github"]);
    const popular = filterCatalogue(catalogue, { categories: ["popular"] });
    expect(Object.keys(popular)).toEqual(["github", "zhihu"]);
    expect(Object.keys(popular.github!.routes)).toEqual(["/trending/:since/:language/:spoken_language?"]);
    expect(Object.keys(filterCatalogue(catalogue, { categories: ["popular", "programming"] }))).toEqual(["github"]);
    expect(Object.keys(filterCatalogue(catalogue, { lang: "zh-CN" }))).toEqual(["zhihu"]);
    expect(Object.keys(filterCatalogue(catalogue, { lang: "zh" }))).toEqual(["zhihu", "cnbeta"]);
  });

  it("answers the API's route shape with defaults filled in", () => {
    expect(filterCatalogue(catalogue, { namespace: "github" }).github!.routes["/repos/:user"]).toEqual({
      path: "/repos/:user",
      name: "User Repo",
      example: "",
      description: "",
      categories: [],
      parameters: {},
      maintainers: [],
      location: "",
    });
  });
});

describe("the shipped snapshot", () => {
  it("holds real popular namespaces with well-formed routes", () => {
    const snapshot = loadSnapshot();
    expect(isCatalogue(snapshot)).toBe(true);
    const namespaces = Object.keys(snapshot);
    expect(namespaces.length).toBeGreaterThanOrEqual(40);
    for (const key of ["github", "youtube", "twitter", "bilibili", "weibo", "zhihu", "telegram", "instagram", "pixiv", "hackernews", "v2ex", "sspai", "douban", "spotify", "apple"]) {
      expect(namespaces).toContain(key);
    }
    const routes = Object.entries(snapshot).flatMap(([key, namespace]) => Object.entries(namespace.routes).map(([path, route]) => ({ key, path, route })));
    expect(routes.length).toBeGreaterThanOrEqual(150);
    for (const { key, path, route } of routes) {
      expect(route.path, `${key}${path}`).toBe(path);
      expect(route.name).toBeTruthy();
      expect(route.categories?.length, `${key}${path}`).toBeGreaterThan(0);
      // Every example is a path of its own route.
      expect(findRoute(snapshot, route.example!)?.route.path, `${key}${path}: ${route.example}`).toBe(path);
    }
  });
});
