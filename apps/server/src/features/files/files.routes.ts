import { ErrorCode } from "@tidings/contracts";
import { Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { AppError } from "../../errors.ts";
import type { AppEnv } from "../../http/context.ts";
import { ok } from "../../http/respond.ts";
import { currentUser } from "../../http/session.ts";
import type { FilesService } from "./files.service.ts";
import { sniffImageType } from "./image-type.ts";

/** Room for the multipart boundaries and part headers around the file itself. */
const MULTIPART_OVERHEAD_BYTES = 16 * 1024;

/**
 * Stored files are immutable (a new avatar gets a new id), so they are cached for a year. They
 * are served as inert data: no sniffing, no scripts, whatever a browser thinks of the bytes.
 */
const FILE_HEADERS = {
  "Cache-Control": "public, max-age=31536000, immutable",
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": "default-src 'none'",
};

/**
 * A private file is its owner's alone: never kept by shared caches. Only raster images (by their
 * bytes) are shown in the page; anything else is downloaded, whatever type the sender claimed.
 */
const PRIVATE_FILE_HEADERS = {
  ...FILE_HEADERS,
  "Cache-Control": "private, max-age=31536000, immutable",
  "Content-Security-Policy": "default-src 'none'; sandbox",
};

/** `attachment; filename*=…` (RFC 6266), the name without path or control characters. */
function downloadDisposition(name: string | undefined): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const clean = (name ?? "").replace(/[\u0000-\u001f\u007f/\\]/g, "").trim().slice(0, 200) || "attachment";
  return `attachment; filename*=UTF-8''${encodeURIComponent(clean)}`;
}

/**
 * POST /upload/avatar (signed in, multipart field `file`), GET /files/:id (public: avatars) and
 * GET /attachments/:id/:name (the owner's private files, such as inbox mail attachments).
 */
export function fileRoutes(deps: { files: FilesService; requireUser: MiddlewareHandler<AppEnv>; avatarMaxBytes: number }) {
  const { files, requireUser } = deps;
  return new Hono<AppEnv>()
    .post(
      "/upload/avatar",
      requireUser,
      bodyLimit({
        maxSize: deps.avatarMaxBytes + MULTIPART_OVERHEAD_BYTES,
        onError: () => {
          throw files.tooLarge();
        },
      }),
      async (c) => {
        // A multipart type without its boundary, or a body that is not what it says: no file.
        const form: Record<string, unknown> = c.req.header("content-type")?.startsWith("multipart/form-data") ? await c.req.parseBody().catch(() => ({})) : {};
        const file = form["file"];
        if (!(file instanceof File)) throw new AppError(ErrorCode.InvalidFile, { reason: 'Send the image as the multipart field "file"' });
        files.assertAvatarSize(file.size);
        return ok(c, await files.uploadAvatar(currentUser(c), new Uint8Array(await file.arrayBuffer())));
      },
    )
    .get("/files/:id", async (c) => {
      const file = await files.get(c.req.param("id"));
      if (!file) throw new AppError(ErrorCode.InvalidParameter, { status: 404, reason: "No such file" });
      const etag = `"${file.sha256}"`;
      const headers = { ...FILE_HEADERS, ETag: etag };
      if (c.req.header("if-none-match")?.split(",").some((tag) => tag.trim() === etag)) return c.body(null, 304, headers);
      return c.body(new Uint8Array(file.bytes), 200, { ...headers, "Content-Type": file.contentType, "Content-Length": String(file.size) });
    })
    .get("/attachments/:id/:name?", requireUser, async (c) => {
      const file = await files.getOwn(currentUser(c), c.req.param("id"));
      if (!file) throw new AppError(ErrorCode.InvalidParameter, { status: 404, reason: "No such file" });
      const etag = `"${file.sha256}"`;
      const headers = { ...PRIVATE_FILE_HEADERS, ETag: etag };
      if (c.req.header("if-none-match")?.split(",").some((tag) => tag.trim() === etag)) return c.body(null, 304, headers);
      const bytes = new Uint8Array(file.bytes);
      const image = sniffImageType(bytes);
      return c.body(bytes, 200, {
        ...headers,
        "Content-Type": image ?? file.contentType,
        "Content-Length": String(file.size),
        ...(image ? {} : { "Content-Disposition": downloadDisposition(c.req.param("name")) }),
      });
    });
}
