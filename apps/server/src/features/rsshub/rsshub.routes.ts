import { rsshubInstanceInput, rsshubUseInput } from "@tidings/contracts";
import { Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../http/context.ts";
import { ok } from "../../http/respond.ts";
import { currentUser } from "../../http/session.ts";
import { validate } from "../../http/validate.ts";
import type { RsshubService } from "./rsshub.service.ts";

const idOnly = z.object({ id: rsshubUseInput.shape.id.unwrap() });

/** `/api/rsshub`: readers' RSSHub instances (reference facts §2.13). */
export function rsshubRoutes(deps: { rsshub: RsshubService; requireUser: MiddlewareHandler<AppEnv> }) {
  const { rsshub } = deps;
  return new Hono<AppEnv>()
    .use("/rsshub", deps.requireUser)
    .use("/rsshub/*", deps.requireUser)
    .get("/rsshub/list", async (c) => ok(c, await rsshub.list(currentUser(c))))
    .get("/rsshub/status", async (c) => ok(c, await rsshub.status(currentUser(c))))
    .post("/rsshub/use", validate("json", rsshubUseInput), async (c) => ok(c, await rsshub.use(currentUser(c), c.req.valid("json"))))
    .post("/rsshub/check", validate("json", idOnly), async (c) => ok(c, await rsshub.check(currentUser(c), c.req.valid("json").id)))
    .get("/rsshub", validate("query", idOnly), async (c) => ok(c, await rsshub.get(currentUser(c), c.req.valid("query").id)))
    .post("/rsshub", validate("json", rsshubInstanceInput), async (c) => ok(c, await rsshub.save(currentUser(c), c.req.valid("json"))))
    .delete("/rsshub", validate("json", idOnly), async (c) => {
      await rsshub.remove(currentUser(c), c.req.valid("json").id);
      return ok(c);
    });
}
