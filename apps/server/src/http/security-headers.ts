import { createHash } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";
import type { AppEnv } from "./context.ts";

/** The `'sha256-…'` sources of every inline `<script>` (one without `src`) of an HTML page. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(match[1] ?? "")) continue;
    hashes.push(`'sha256-${createHash("sha256").update(match[2] ?? "", "utf8").digest("base64")}'`);
  }
  return hashes;
}

/** The origin of an http(s) URL, or null. */
function originOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const { origin } = new URL(url);
    return origin === "null" ? null : origin;
  } catch {
    return null;
  }
}

/**
 * Every answer's security headers: hono's defaults (nosniff, HSTS, COOP…) with
 * `Referrer-Policy: no-referrer` (readers' pages never leak to image or article hosts), no framing
 * by other sites, powerful features the app never uses turned off, and a Content-Security-Policy:
 *
 * - scripts from this origin only, plus the inline theme script of `index.html` by its hash
 *   (`scriptHashes`); no eval, no inline handlers, no plugins (`object-src 'none'`), `base-uri` and
 *   `form-action` pinned to this origin, `frame-ancestors 'none'`;
 * - styles `'self' 'unsafe-inline'`: React's `style=` attributes (virtual lists, colours,
 *   progress bars), the skeleton's and share pages' `<style>` and sanitised entry content use inline
 *   styles; a style cannot run code, so scripts stay locked;
 * - images and media from any http(s) host (plus `data:`/`blob:`): entry content, enclosures and
 *   podcasts load from their own hosts when the proxy does not carry them, feed icons may come
 *   from the avatar services;
 * - frames: https only (the allowed video players and the original article in a sandboxed frame);
 * - connections: this origin, plus the usage-data and error-report services when configured
 *   (`connectSources`).
 *
 * A header a route set itself is kept (the image proxy's and files' stricter policy).
 */
export function securityHeaders(options: { scriptHashes?: readonly string[]; connectSources?: readonly (string | null | undefined)[] } = {}): MiddlewareHandler<AppEnv> {
  const connect = [...new Set((options.connectSources ?? []).map(originOf).filter((origin): origin is string => origin !== null))];
  return secureHeaders({
    // A route's own, stricter header stays (images and files: `default-src 'none'; sandbox`).
    overwrite: false,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: "same-origin",
    referrerPolicy: "no-referrer",
    xFrameOptions: "DENY",
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...(options.scriptHashes ?? [])],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "blob:", "https:", "http:"],
      mediaSrc: ["'self'", "data:", "blob:", "https:", "http:"],
      fontSrc: ["'self'", "data:"],
      connectSrc: ["'self'", ...connect],
      frameSrc: ["'self'", "https:"],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    permissionsPolicy: {
      camera: [],
      microphone: [],
      geolocation: [],
      payment: [],
      usb: [],
      serial: [],
      bluetooth: [],
      midi: [],
      magnetometer: [],
      gyroscope: [],
      accelerometer: [],
      browsingTopics: [],
    },
  });
}
