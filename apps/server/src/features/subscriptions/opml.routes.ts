import { Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../http/context.ts";
import { ok } from "../../http/respond.ts";
import { viewSchema } from "../../http/schemas.ts";
import { currentUser } from "../../http/session.ts";
import { validate } from "../../http/validate.ts";
import type { OpmlService } from "./opml.service.ts";

/** The name an export downloads as. */
export const EXPORT_FILENAME = "tidings-subscriptions.opml";

const isHttpUrl = (value: string) => {
  const url = URL.parse(value);
  return url !== null && (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
};

/** An RSSHub instance: an http(s) URL; an empty field counts as none. */
const rsshubUrlSchema = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined)
  .refine((value) => value === undefined || isHttpUrl(value), "must be an http(s) URL");

const exportSchema = z.object({
  folderMode: z.enum(["view", "category"]).default("category"),
  RSSHubURL: rsshubUrlSchema,
});

const importSchema = z.object({
  // Browsers send a File; a client that sends the document as a plain field is read the same way.
  file: z.union([z.instanceof(File), z.string()], { error: "file: an OPML file is required" }),
  view: viewSchema.default(0),
});

/** GET /subscriptions/export and POST /subscriptions/import (OPML). */
export function opmlRoutes(deps: { opml: OpmlService; requireUser: MiddlewareHandler<AppEnv> }) {
  const { opml } = deps;
  return new Hono<AppEnv>()
    .get("/subscriptions/export", deps.requireUser, validate("query", exportSchema), async (c) => {
      const query = c.req.valid("query");
      const document = await opml.exportOpml(currentUser(c), { folderMode: query.folderMode, rsshubUrl: query.RSSHubURL ?? null });
      return c.body(document, 200, {
        "Content-Type": "text/x-opml; charset=utf-8",
        "Content-Disposition": `attachment; filename="${EXPORT_FILENAME}"`,
        "Cache-Control": "no-store",
      });
    })
    .post("/subscriptions/import", deps.requireUser, validate("form", importSchema), async (c) => {
      const form = c.req.valid("form");
      const bytes = typeof form.file === "string" ? new TextEncoder().encode(form.file) : new Uint8Array(await form.file.arrayBuffer());
      return ok(c, await opml.importOpml(currentUser(c), { bytes, view: form.view }));
    });
}
