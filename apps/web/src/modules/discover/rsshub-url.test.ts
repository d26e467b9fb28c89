import { describe, expect, it } from "vitest";
import { buildRsshubUrl, exampleValues, formParams, parseRoutePath } from "./rsshub-url.ts";

describe("parseRoutePath", () => {
  it("reads literals, required and optional parameters, and patterns holding slashes", () => {
    expect(parseRoutePath("/file/:user/:repo/:filepath{.+}")).toEqual([
      { kind: "literal", text: "file" },
      { kind: "param", name: "user", optional: false, pattern: null },
      { kind: "param", name: "repo", optional: false, pattern: null },
      { kind: "param", name: "filepath", optional: false, pattern: ".+" },
    ]);
    expect(parseRoutePath("/:type{(hot|new)/x}?")).toEqual([{ kind: "param", name: "type", optional: true, pattern: "(hot|new)/x" }]);
  });

  it("hides optional generic parameters from the form but keeps required ones", () => {
    expect(formParams("/issue/:user/:repo/:state?/:routeParams?").map((p) => p.name)).toEqual(["user", "repo", "state"]);
    expect(formParams("/search/:lang").map((p) => p.name)).toEqual(["lang"]);
  });
});

describe("buildRsshubUrl", () => {
  const path = "/issue/:user/:repo/:state?/:labels?";

  it("shows missing required parameters as placeholders while typing", () => {
    expect(buildRsshubUrl("github", path, {})).toEqual({ url: "rsshub://github/issue/:user/:repo", missing: ["user", "repo"], gap: null, complete: false });
    expect(buildRsshubUrl("github", path, { user: "DIYgod" }).url).toBe("rsshub://github/issue/DIYgod/:repo");
  });

  it("builds a complete URL, leaving out empty optional parameters at the end", () => {
    expect(buildRsshubUrl("github", path, { user: " DIYgod ", repo: "RSSHub" })).toEqual({ url: "rsshub://github/issue/DIYgod/RSSHub", missing: [], gap: null, complete: true });
    expect(buildRsshubUrl("github", path, { user: "a", repo: "b", state: "open" }).url).toBe("rsshub://github/issue/a/b/open");
  });

  it("refuses an empty optional parameter in the middle of the path", () => {
    const built = buildRsshubUrl("github", path, { user: "a", repo: "b", labels: "bug" });
    expect(built.gap).toBe("state");
    expect(built.complete).toBe(false);
    expect(built.url).toBe("rsshub://github/issue/a/b/:state/bug");
  });

  it("encodes values, keeping slashes only where the pattern spans segments", () => {
    expect(buildRsshubUrl("bilibili", "/search/:keyword", { keyword: "a b/c" }).url).toBe("rsshub://bilibili/search/a%20b%2Fc");
    expect(buildRsshubUrl("github", "/file/:user/:repo/:filepath{.+}", { user: "u", repo: "r", filepath: "docs/read me.md" }).url).toBe(
      "rsshub://github/file/u/r/docs/read%20me.md",
    );
  });

  it("answers the bare namespace for a route without segments", () => {
    expect(buildRsshubUrl("hackernews", "/", {})).toEqual({ url: "rsshub://hackernews", missing: [], gap: null, complete: true });
  });
});

describe("exampleValues", () => {
  it("reads the parameters of a route's example", () => {
    expect(exampleValues("github", "/issue/:user/:repo/:state?", "/github/issue/DIYgod/RSSHub")).toEqual({ user: "DIYgod", repo: "RSSHub" });
    expect(exampleValues("github", "/file/:user/:repo/:filepath{.+}", "/github/file/u/r/a/b.md")).toEqual({ user: "u", repo: "r", filepath: "a/b.md" });
  });

  it("gives nothing when the example belongs to another route", () => {
    expect(exampleValues("github", "/issue/:user", "/github/repos/DIYgod")).toEqual({});
  });
});
