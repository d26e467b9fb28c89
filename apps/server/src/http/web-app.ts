import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import type { AppEnv } from "./context.ts";
import { inlineScriptHashes } from "./security-headers.ts";

/** The CSP hashes of the inline scripts of the built client's `index.html` (none when it is not built). */
export function webAppScriptHashes(distDir: string): string[] {
  const indexFile = path.join(distDir, "index.html");
  return existsSync(indexFile) ? inlineScriptHashes(readFileSync(indexFile, "utf8")) : [];
}

/**
 * Files browsers fetch by name and read as what they are (the web app manifest, its icons, the
 * offline worker): when one is missing it answers 404, never the page, which an installing
 * browser would otherwise try to read as a manifest or an image.
 */
const NAMED_FILES = /^\/(?:manifest\.webmanifest|sw\.js|favicon\.svg|icons\/.+)$/;

/**
 * Serves the built web client from `distDir`: hashed assets cached for a year, the files of
 * `public/` as they are (`manifest.webmanifest` as `application/manifest+json`), every other path
 * answered with `index.html` (the client routes it, `/share` of the app's share target included),
 * and `…/index.html` redirected to `/`.
 */
export function webAppRoutes(distDir: string) {
  const app = new Hono<AppEnv>();
  const indexFile = path.join(distDir, "index.html");
  if (!existsSync(indexFile)) {
    return app.get("*", (c) =>
      c.text("The web client is not built. Run `npm run build` (or `npm start`, which builds it).", 503),
    );
  }
  const indexHtml = readFileSync(indexFile, "utf8");
  return app
    .get("*", async (c, next) => {
      if (c.req.path.endsWith("/index.html")) return c.redirect("/", 301);
      await next();
    })
    .use(
      "/assets/*",
      serveStatic({
        root: distDir,
        // The build writes .br and .gz copies of every asset; they are sent as they are.
        precompressed: true,
        onFound: (_path, c) => {
          c.header("Cache-Control", "public, max-age=31536000, immutable");
        },
      }),
    )
    .use("*", serveStatic({ root: distDir, precompressed: true, onFound: (_path, c) => c.header("Cache-Control", "no-cache") }))
    .get("*", (c) => {
      if (NAMED_FILES.test(c.req.path)) return c.notFound();
      c.header("Cache-Control", "no-cache");
      return c.html(indexHtml);
    });
}
