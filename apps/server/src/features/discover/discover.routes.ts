import { Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../http/context.ts";
import { ok } from "../../http/respond.ts";
import { currentUser } from "../../http/session.ts";
import { validate } from "../../http/validate.ts";
import type { DiscoverService } from "./discover.service.ts";
import type { Rsshub } from "../rsshub/index.ts";
import type { TrendingService } from "./trending.service.ts";

const word = z.string().trim().max(100);
const rsshubQuery = z.object({
  category: word.optional(),
  categories: z.string().max(500).optional(),
  namespace: word.optional(),
  lang: word.optional(),
});
const language = z
  .string()
  .trim()
  .regex(/^(?:all|[a-zA-Z]{2,3}(?:[-_][a-zA-Z0-9]{2,8})?)?$/, "must be a language code such as en, zh-CN or eng")
  .optional();

export interface DiscoverRouteDeps {
  discover: DiscoverService;
  /** The route catalogue of the instance each reader uses. */
  rsshub: Pick<Rsshub, "catalogue" | "catalogueSources">;
  trending: TrendingService;
  requireUser: MiddlewareHandler<AppEnv>;
}

/** `/discover`, `/discover/rsshub…` and `/trending`. */
export function discoverRoutes(deps: DiscoverRouteDeps) {
  const { requireUser } = deps;
  return new Hono<AppEnv>()
    .post(
      "/discover",
      requireUser,
      validate("json", z.object({ keyword: z.string().trim().min(1).max(2048), target: z.enum(["feeds", "lists"]).optional() })),
      async (c) => ok(c, await deps.discover.discover(currentUser(c), c.req.valid("json"))),
    )
    .get("/discover/rsshub", requireUser, validate("query", rsshubQuery), async (c) => {
      const query = c.req.valid("query");
      const sources = await deps.rsshub.catalogueSources(currentUser(c).id);
      const categories = [query.category, ...(query.categories?.split(",") ?? [])].map((item) => item?.trim()).filter((item): item is string => !!item);
      return ok(
        c,
        await deps.rsshub.catalogue.list(sources, {
          categories,
          ...(query.namespace ? { namespace: query.namespace } : {}),
          ...(query.lang && query.lang !== "all" ? { lang: query.lang } : {}),
        }),
      );
    })
    .get("/discover/rsshub/route", requireUser, validate("query", z.object({ route: z.string().trim().min(1).max(1000) })), async (c) =>
      ok(c, await deps.rsshub.catalogue.route(await deps.rsshub.catalogueSources(currentUser(c).id), c.req.valid("query").route)),
    )
    .post("/discover/rsshub/refresh", requireUser, async (c) => {
      const [first] = await deps.rsshub.catalogueSources(currentUser(c).id);
      return ok(c, await deps.rsshub.catalogue.refresh(currentUser(c), first!));
    })
    .get("/trending", requireUser, validate("query", z.object({ language })), async (c) => ok(c, await deps.trending.trending(c.req.valid("query").language)));
}
