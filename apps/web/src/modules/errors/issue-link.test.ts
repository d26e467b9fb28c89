import { describe, expect, it } from "vitest";
import { buildIssueUrl } from "./issue-link.ts";

describe("buildIssueUrl", () => {
  it("prefills the issue form with everything spec §2 lists", () => {
    const url = new URL(
      buildIssueUrl({
        error: "TypeError: x is undefined\n    at y",
        errorTraceId: "abc123",
        userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36",
        platform: "Linux x86_64",
      }),
    );
    expect(url.origin + url.pathname).toBe("https://github.com/tidings-reader/tidings/issues/new");
    expect(url.searchParams.get("title")).toBe("[app error] TypeError: x is undefined");
    const body = url.searchParams.get("body")!;
    for (const line of [
      "App version: 0.5.0",
      "OS: Linux x86_64",
      "User agent: Mozilla/5.0",
      "Environment: web",
      "Browser: Chrome 156.0.0.0",
      "Session trace id: ",
      "Mode: test",
      "Error trace id: abc123",
    ]) {
      expect(body).toContain(line);
    }
    expect(body).toMatch(/Session trace id: [\w-]{21}/);
  });

  it("leaves the error trace id out when there is none", () => {
    const body = new URL(buildIssueUrl({ error: "boom", userAgent: "x", platform: "" })).searchParams.get("body")!;
    expect(body).not.toContain("Error trace id");
    expect(body).toContain("OS: unknown");
  });
});
