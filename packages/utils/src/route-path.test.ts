import { describe, expect, it } from "vitest";
import { splitRoutePath } from "./route-path.ts";

describe("splitRoutePath", () => {
  it("splits on slashes outside parameter patterns and drops empty segments", () => {
    expect(splitRoutePath("/issue/:user/:repo/:state?")).toEqual(["issue", ":user", ":repo", ":state?"]);
    expect(splitRoutePath("/file/:user/:repo/:branch/:filepath{.+/.+}")).toEqual(["file", ":user", ":repo", ":branch", ":filepath{.+/.+}"]);
    expect(splitRoutePath("//a//b/")).toEqual(["a", "b"]);
    expect(splitRoutePath("")).toEqual([]);
  });
});
