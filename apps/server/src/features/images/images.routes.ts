import { type Context, Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../http/context.ts";
import { requestAddress } from "../../http/request-address.ts";
import { ok } from "../../http/respond.ts";
import { validate } from "../../http/validate.ts";
import type { Limit } from "../../lib/rate-limit.ts";
import { MAX_WIDTH } from "./image-transform.ts";
import type { ImagesService } from "./images.service.ts";

const urlSchema = z.string().trim().min(1, "the image URL is required").max(8192);
const imageQuery = z.object({ url: urlSchema, w: z.coerce.number().int().min(8).max(MAX_WIDTH).optional() });
const metaQuery = z.object({ url: urlSchema });

/**
 * A proxied image is the same bytes for as long as it is cached: a year in the browser. It is
 * inert data (no sniffing, no scripts), and other sites cannot embed it (the app's
 * Cross-Origin-Resource-Policy: same-origin), so the proxy does not serve the rest of the web.
 */
const IMAGE_HEADERS = {
  "Cache-Control": "public, max-age=31536000, immutable",
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": "default-src 'none'; sandbox",
};

/**
 * The bytes as a stream of one chunk: the middleware after the route (security headers,
 * compression) turns the answer into a web Response, which would copy a byte array body; a
 * stream hands the cached buffer itself to the socket.
 */
function oneChunk(bytes: Buffer): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}

/**
 * GET /image?url=&w= (an image through the proxy, resized to `w` pixels) and GET /image/meta?url=
 * (its size and colours). Public, as share pages show images too; what a client address makes
 * the server fetch is limited per hour (IMAGE_PROXY_PER_HOUR), cached answers are not. A
 * signed-in reader's session decides what the private-network policy lets the proxy reach.
 */
export function imageRoutes(deps: { images: ImagesService; limit: Limit; trustProxy: boolean; optionalUser: MiddlewareHandler<AppEnv> }) {
  const { images, limit } = deps;
  // Past the limit, the service's refusal (429, code 18000) goes out with the wait as Retry-After.
  const allowance = (c: Context<AppEnv>) => async () => {
    const wait = await limit(requestAddress(c, deps.trustProxy));
    if (wait > 0) c.header("Retry-After", String(wait));
    return wait;
  };
  return new Hono<AppEnv>()
    .get("/image", deps.optionalUser, validate("query", imageQuery), async (c) => {
      const { url, w } = c.req.valid("query");
      const file = await images.image(url, w ?? null, allowance(c), c.var.user);
      const etag = `"${file.etag}"`;
      // From a private network: for this reader's browser only, never a shared cache.
      const headers = { ...IMAGE_HEADERS, ...(file.privateNetwork ? { "Cache-Control": "private, max-age=31536000, immutable" } : {}), ETag: etag };
      if (c.req.header("if-none-match")?.split(",").some((tag) => tag.trim() === etag)) return c.body(null, 304, headers);
      return c.body(oneChunk(file.bytes), 200, {
        ...headers,
        "Content-Type": file.type,
        "Content-Length": String(file.bytes.length),
      });
    })
    .get("/image/meta", deps.optionalUser, validate("query", metaQuery), async (c) => {
      const meta = await images.meta(c.req.valid("query").url, allowance(c), c.var.user);
      c.header("Cache-Control", "private, max-age=86400");
      return ok(c, meta);
    });
}
