import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/app.ts";
import { inlineScriptHashes } from "../../src/http/security-headers.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";

let t: TestApp;
let distDir: string;
const THEME = `document.documentElement.classList.toggle("dark", true);`;
beforeAll(async () => {
  t = await createTestApp({ ANALYTICS_HOST: "https://stats.example.com/", ANALYTICS_KEY: "k" });
  distDir = mkdtempSync(path.join(tmpdir(), "tidings-web-"));
  writeFileSync(path.join(distDir, "index.html"), `<!doctype html><html><head><script>${THEME}</script><script type="module" src="/assets/a.js"></script></head><body><div id="root"></div></body></html>`);
});
afterAll(() => t.close());

function directives(header: string | null): Map<string, string[]> {
  return new Map((header ?? "").split(";").map((part) => part.trim().split(/\s+/)).filter((words) => words[0]).map(([name, ...values]) => [name!, values]));
}

describe("security headers", () => {
  it("give the web client a strict Content-Security-Policy whose only inline script is the theme script, by its hash", async () => {
    const app = createApp(t.deps, { webDistDir: distDir });
    const response = await app.request("/some/page");
    expect(response.status).toBe(200);
    const csp = directives(response.headers.get("content-security-policy"));
    expect(csp.get("default-src")).toEqual(["'self'"]);
    expect(csp.get("script-src")).toEqual(["'self'", ...inlineScriptHashes(`<script>${THEME}</script>`)]);
    expect(csp.get("script-src")?.[1]).toMatch(/^'sha256-[A-Za-z0-9+/]+=*'$/);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(csp.get("base-uri")).toEqual(["'self'"]);
    expect(csp.get("form-action")).toEqual(["'self'"]);
    expect(csp.get("connect-src")).toEqual(["'self'", "https://stats.example.com"]);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("permissions-policy")).toContain("camera=()");
  });

  it("are on share pages and API answers alike", async () => {
    for (const route of ["/share/feeds/1", "/api/status/configs"]) {
      const response = await t.request(route);
      expect(directives(response.headers.get("content-security-policy")).get("script-src")).toEqual(["'self'"]);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    }
  });

  it("leave a route's own stricter policy in place", async () => {
    const response = await t.request("/api/files/1234567890123456789");
    expect(response.status).toBe(404);
    const app = createApp(t.deps);
    app.get("/own", (c) => c.text("x", 200, { "Content-Security-Policy": "default-src 'none'; sandbox" }));
    expect((await app.request("/own")).headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
  });

  it("hash only scripts without src", () => {
    expect(inlineScriptHashes(`<script src="/a.js"></script><script type="module">x()</script>`)).toHaveLength(1);
  });
});
