import { Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../http/context.ts";
import { ok } from "../../http/respond.ts";
import { idSchema } from "../../http/schemas.ts";
import { currentUser } from "../../http/session.ts";
import { validate } from "../../http/validate.ts";
import type { AppPasswordsService } from "./app-passwords.service.ts";

/** `/api/app-passwords`: the signed-in reader's passwords for reader apps. */
export function appPasswordRoutes(deps: { appPasswords: AppPasswordsService; requireUser: MiddlewareHandler<AppEnv> }) {
  const { appPasswords } = deps;
  return new Hono<AppEnv>()
    .use(deps.requireUser)
    .get("/", async (c) => ok(c, await appPasswords.list(currentUser(c))))
    .post("/", validate("json", z.object({ name: z.string().trim().min(1).max(100) })), async (c) => ok(c, await appPasswords.create(currentUser(c), c.req.valid("json").name)))
    .delete("/:id", validate("param", z.object({ id: idSchema })), async (c) => {
      await appPasswords.revoke(currentUser(c), c.req.valid("param").id);
      return ok(c);
    });
}
