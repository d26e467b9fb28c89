import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webAppRoutes } from "./web-app.ts";

let distDir: string;
const MANIFEST = JSON.stringify({ name: "Tidings", display: "standalone" });
// The PNG signature is enough: the server sends the bytes as they are.
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

beforeAll(() => {
  distDir = mkdtempSync(path.join(tmpdir(), "tidings-web-"));
  writeFileSync(path.join(distDir, "index.html"), `<!doctype html><html><body><div id="root"></div></body></html>`);
  writeFileSync(path.join(distDir, "manifest.webmanifest"), MANIFEST);
  mkdirSync(path.join(distDir, "icons"));
  writeFileSync(path.join(distDir, "icons/icon-192.png"), PNG);
});
afterAll(() => rmSync(distDir, { recursive: true, force: true }));

describe("web app files", () => {
  it("serve the manifest as application/manifest+json and the icons as images", async () => {
    const app = webAppRoutes(distDir);
    const manifest = await app.request("/manifest.webmanifest");
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get("content-type")).toMatch(/^application\/manifest\+json/);
    expect(await manifest.text()).toBe(MANIFEST);
    const icon = await app.request("/icons/icon-192.png");
    expect(icon.status).toBe(200);
    expect(icon.headers.get("content-type")).toBe("image/png");
  });

  it("answer the share target's /share with the page, as any client route", async () => {
    const response = await webAppRoutes(distDir).request("/share?text=Look%20https%3A%2F%2Fexample.com%2Ffeed.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
  });

  it("answer a missing manifest, icon or worker with 404, never with the page", async () => {
    const emptyDir = mkdtempSync(path.join(tmpdir(), "tidings-web-"));
    writeFileSync(path.join(emptyDir, "index.html"), "<!doctype html>");
    const app = webAppRoutes(emptyDir);
    for (const file of ["/manifest.webmanifest", "/icons/icon-512.png", "/sw.js"]) {
      expect((await app.request(file)).status, file).toBe(404);
    }
    expect((await app.request("/timeline/view-0/all")).status).toBe(200);
    rmSync(emptyDir, { recursive: true, force: true });
  });
});
