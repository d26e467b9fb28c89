import { Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../http/context.ts";
import { ok } from "../../http/respond.ts";
import { currentUser } from "../../http/session.ts";
import { validate } from "../../http/validate.ts";
import type { InboxesService } from "./inboxes.service.ts";

/** A new inbox's handle: 3 to 32 of a-z, 0-9, _ and -, stored lower-case. */
const newHandleSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9_-]{3,32}$/, "must be 3 to 32 characters of a-z, 0-9, _ and -");
/** An existing inbox's handle (one that cannot exist is simply not found). */
const handleSchema = z.string().trim().min(1).max(64);
const titleSchema = z
  .string()
  .trim()
  .max(200)
  .nullish()
  .transform((value) => value || null);

/** `/inboxes`: the caller's inboxes. */
export function inboxRoutes(deps: { inboxes: InboxesService; requireUser: MiddlewareHandler<AppEnv> }) {
  const { inboxes, requireUser } = deps;
  return new Hono<AppEnv>()
    .get("/inboxes", requireUser, validate("query", z.object({ handle: handleSchema })), async (c) =>
      ok(c, await inboxes.get(currentUser(c), c.req.valid("query").handle)),
    )
    .get("/inboxes/list", requireUser, async (c) => ok(c, await inboxes.list(currentUser(c))))
    .post("/inboxes", requireUser, validate("json", z.object({ handle: newHandleSchema, title: titleSchema })), async (c) =>
      ok(c, await inboxes.create(currentUser(c), c.req.valid("json"))),
    )
    .put("/inboxes", requireUser, validate("json", z.object({ handle: handleSchema, title: titleSchema })), async (c) => {
      const body = c.req.valid("json");
      return ok(c, await inboxes.rename(currentUser(c), body.handle, body.title));
    })
    .delete("/inboxes", requireUser, validate("json", z.object({ handle: handleSchema })), async (c) => {
      await inboxes.remove(currentUser(c), c.req.valid("json").handle);
      return ok(c);
    });
}
