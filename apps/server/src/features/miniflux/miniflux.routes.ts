import { type Context, Hono, type MiddlewareHandler } from "hono";
import { AppError } from "../../errors.ts";
import type { AppEnv, RequestUser } from "../../http/context.ts";
import { MinifluxInputError } from "./miniflux.params.ts";
import { MinifluxNotFound, type MinifluxService } from "./miniflux.service.ts";

export interface MinifluxRouteDeps {
  miniflux: MinifluxService;
  /** The reader an app password stands for (X-Auth-Token), or null. */
  fromPassword(password: string): Promise<RequestUser | null>;
  /** The reader an e-mail and one of its app passwords stand for (HTTP Basic), or null. */
  fromEmailAndPassword(email: string, password: string): Promise<RequestUser | null>;
  opml: { exportOpml(user: RequestUser): Promise<string>; importOpml(user: RequestUser, bytes: Uint8Array): Promise<unknown> };
  /** Refreshes the reader's feeds soon (the scheduler's wake). */
  refreshSoon(): void;
}

type MinifluxEnv = AppEnv & { Variables: { minifluxUser: RequestUser } };

/** Miniflux's error body. */
const failure = (c: Context, status: 400 | 401 | 404, message: string) => c.json({ error_message: message }, status);

/** An id in the path: a whole number, or 404 as Miniflux answers an unknown route parameter. */
function idParam(c: Context, name: string): number {
  const raw = c.req.param(name) ?? "";
  if (!/^\d{1,16}$/.test(raw)) throw new MinifluxNotFound();
  return Number(raw);
}

/** Signs an app in by `X-Auth-Token` (an app password) or HTTP Basic (e-mail, app password). */
function requireApp(deps: MinifluxRouteDeps): MiddlewareHandler<MinifluxEnv> {
  return async (c, next) => {
    const token = c.req.header("x-auth-token");
    let user: RequestUser | null = null;
    if (token) user = await deps.fromPassword(token);
    else {
      const basic = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(c.req.header("authorization") ?? "");
      const decoded = basic ? Buffer.from(basic[1]!, "base64").toString("utf8") : "";
      const colon = decoded.indexOf(":");
      if (colon > 0) user = await deps.fromEmailAndPassword(decoded.slice(0, colon), decoded.slice(colon + 1));
    }
    if (!user) {
      c.var.log.info({ tokenGiven: Boolean(token) }, "miniflux: sign-in refused");
      return failure(c, 401, "Access Unauthorized");
    }
    c.set("minifluxUser", user);
    await next();
  };
}

/**
 * What the product refuses while following or editing a feed (not a feed, unreachable, a private
 * address, a limit reached) is bad input to Miniflux, as Miniflux answers it: 400 with the reason.
 */
async function appErrorsAsInput<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError && error.status !== 500) throw new MinifluxInputError(error.reason ? `${error.message}: ${error.reason}` : error.message);
    throw error;
  }
}

/** The body of a PUT or POST as JSON, or a 400. */
async function jsonBody<T>(c: Context): Promise<T> {
  try {
    return (await c.req.json()) as T;
  } catch {
    throw new MinifluxInputError("Invalid JSON payload");
  }
}

/**
 * Miniflux's REST API v1 (`/v1/…`, also under `/api/v1/…`), for apps written for Miniflux: its
 * paths, JSON and status codes, errors as `{"error_message": …}` (400 bad input, 401 no or a
 * revoked app password, 404 what the reader does not have).
 */
export function minifluxRoutes(deps: MinifluxRouteDeps): Hono<AppEnv> {
  const { miniflux } = deps;
  const api = new Hono<MinifluxEnv>();
  api.onError((error, c) => {
    if (error instanceof MinifluxNotFound) return failure(c, 404, "Resource not found");
    if (error instanceof MinifluxInputError) return failure(c, 400, error.message);
    throw error;
  });
  api.use("*", requireApp(deps));
  const user = (c: Context<MinifluxEnv>) => c.var.minifluxUser;
  const query = (c: Context) => {
    const url = new URL(c.req.url);
    return { get: (name: string) => url.searchParams.get(name) ?? undefined, all: (name: string) => url.searchParams.getAll(name) };
  };

  api.get("/me", (c) => c.json(miniflux.me(user(c))));
  api.get("/categories", async (c) => c.json(await miniflux.categories(user(c), /^(1|true)$/i.test(c.req.query("counts") ?? ""))));
  api.get("/categories/:id/feeds", async (c) => c.json(await miniflux.feeds(user(c), idParam(c, "id"))));
  api.get("/categories/:id/entries", async (c) => c.json(await miniflux.entries(user(c), query(c), { categoryId: idParam(c, "id") })));
  api.get("/categories/:id/entries/:entryId", async (c) => {
    await miniflux.feeds(user(c), idParam(c, "id"));
    return c.json(await miniflux.entry(user(c), idParam(c, "entryId")));
  });
  api.put("/categories/:id/mark-all-as-read", async (c) => {
    await miniflux.markCategoryRead(user(c), idParam(c, "id"));
    return c.body(null, 204);
  });

  api.post("/categories", async (c) => {
    const body = await jsonBody<{ title?: unknown }>(c);
    if (typeof body.title !== "string") throw new MinifluxInputError("The category title is mandatory");
    return c.json(await miniflux.createCategory(user(c), body.title), 201);
  });
  api.put("/categories/:id", async (c) => {
    const body = await jsonBody<{ title?: unknown }>(c);
    if (typeof body.title !== "string") throw new MinifluxInputError("The category title is mandatory");
    return c.json(await miniflux.renameCategory(user(c), idParam(c, "id"), body.title), 201);
  });
  api.delete("/categories/:id", async (c) => {
    await miniflux.deleteCategory(user(c), idParam(c, "id"));
    return c.body(null, 204);
  });

  api.get("/feeds", async (c) => c.json(await miniflux.feeds(user(c))));
  api.post("/feeds", async (c) => {
    const body = await jsonBody<{ feed_url?: unknown; category_id?: unknown }>(c);
    if (typeof body.feed_url !== "string" || !body.feed_url.trim()) throw new MinifluxInputError("The feed URL is mandatory");
    if (body.category_id !== undefined && body.category_id !== null && !(Number.isSafeInteger(body.category_id) && (body.category_id as number) >= 0)) {
      throw new MinifluxInputError("Invalid category ID");
    }
    const categoryId = typeof body.category_id === "number" && body.category_id > 0 ? body.category_id : null;
    return c.json(await appErrorsAsInput(() => miniflux.createFeed(user(c), { feedUrl: body.feed_url as string, categoryId })), 201);
  });
  api.put("/feeds/:id", async (c) => {
    const body = await jsonBody<{ title?: unknown; category_id?: unknown }>(c);
    if (body.title !== undefined && typeof body.title !== "string") throw new MinifluxInputError("Invalid title");
    if (body.category_id !== undefined && !(Number.isSafeInteger(body.category_id) && (body.category_id as number) > 0)) throw new MinifluxInputError("Invalid category ID");
    const input: { title?: string; categoryId?: number } = {};
    if (typeof body.title === "string") input.title = body.title;
    if (typeof body.category_id === "number") input.categoryId = body.category_id;
    return c.json(await appErrorsAsInput(() => miniflux.updateFeed(user(c), idParam(c, "id"), input)), 201);
  });
  api.delete("/feeds/:id", async (c) => {
    await miniflux.deleteFeed(user(c), idParam(c, "id"));
    return c.body(null, 204);
  });
  api.get("/feeds/counters", async (c) => c.json(await miniflux.counters(user(c))));
  api.put("/feeds/refresh", (c) => {
    deps.refreshSoon();
    return c.body(null, 204);
  });
  api.get("/feeds/:id", async (c) => c.json(await miniflux.feed(user(c), idParam(c, "id"))));
  api.get("/feeds/:id/entries", async (c) => c.json(await miniflux.entries(user(c), query(c), { feedId: idParam(c, "id") })));
  api.get("/feeds/:id/entries/:entryId", async (c) => c.json(await miniflux.entry(user(c), idParam(c, "entryId"), idParam(c, "id"))));
  api.get("/feeds/:id/icon", async (c) => c.json(await miniflux.icon(user(c), idParam(c, "id"))));
  api.put("/feeds/:id/mark-all-as-read", async (c) => {
    await miniflux.markFeedRead(user(c), idParam(c, "id"));
    return c.body(null, 204);
  });
  api.put("/feeds/:id/refresh", async (c) => {
    await miniflux.feed(user(c), idParam(c, "id"));
    deps.refreshSoon();
    return c.body(null, 204);
  });
  api.get("/icons/:id", async (c) => c.json(await miniflux.icon(user(c), idParam(c, "id"))));

  api.get("/entries", async (c) => c.json(await miniflux.entries(user(c), query(c))));
  api.get("/entries/:id", async (c) => c.json(await miniflux.entry(user(c), idParam(c, "id"))));
  api.put("/entries", async (c) => {
    const body = await jsonBody<{ entry_ids?: unknown; status?: unknown }>(c);
    const ids = body.entry_ids;
    if (!Array.isArray(ids) || ids.length === 0 || ids.length > 10_000 || !ids.every((id) => Number.isSafeInteger(id) && (id as number) > 0)) {
      throw new MinifluxInputError("The list of entry IDs is required");
    }
    if (body.status !== "read" && body.status !== "unread") throw new MinifluxInputError("Invalid entry status");
    await miniflux.setStatus(user(c), [...new Set(ids as number[])], body.status);
    return c.body(null, 204);
  });
  for (const path of ["/entries/:id/bookmark", "/entries/:id/star"]) {
    api.put(path, async (c) => {
      await miniflux.toggleStar(user(c), idParam(c, "id"));
      return c.body(null, 204);
    });
  }

  api.get("/export", async (c) => c.body(await deps.opml.exportOpml(user(c)), 200, { "Content-Type": "text/xml; charset=utf-8" }));
  api.post("/import", async (c) => {
    await deps.opml.importOpml(user(c), new Uint8Array(await c.req.arrayBuffer()));
    return c.json({ message: "Feeds imported successfully" }, 201);
  });
  api.all("*", (c) => failure(c, 404, "Resource not found"));
  return new Hono<AppEnv>().route("/v1", api);
}
