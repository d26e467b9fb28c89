import { ErrorCode } from "@tidings/contracts";
import { Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { AppError } from "../../errors.ts";
import type { AppEnv } from "../../http/context.ts";
import { ok } from "../../http/respond.ts";
import { currentUser } from "../../http/session.ts";
import type { FilesService } from "./files.service.ts";

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

/** POST /upload/avatar (signed in, multipart field `file`) and GET /files/:id (public). */
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
        const form = c.req.header("content-type")?.startsWith("multipart/form-data") ? await c.req.parseBody() : {};
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
    });
}
