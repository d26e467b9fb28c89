import { ErrorCode } from "@tidings/contracts";
import { type Context, Hono } from "hono";
import { AppError } from "../../errors.ts";
import { compressAnswers } from "../../http/compress.ts";
import type { AppEnv } from "../../http/context.ts";
import { ok } from "../../http/respond.ts";
import type { Shared, ShareService } from "./share.service.ts";
import { headTags } from "./share-meta.ts";
import { entryPage, feedPage, listPage, notFoundPage, type PageContext, type SharePage, userPage } from "./share-pages.ts";
import type { Shell } from "./share-shell.ts";
import { type CardSource, entryCard, feedCard, listCard, type OgImages, userCard } from "./og-images.ts";

/** How long browsers and shared caches keep a share page: short, it changes with the feed. */
const PAGE_CACHE = "public, max-age=300";

export interface ShareRouteDeps {
  share: ShareService;
  og: OgImages;
  shell: Shell;
  context: PageContext;
}

/** One shared thing, loaded: its data, its version, and how to show it as a page and as a picture. */
interface Loaded {
  data: unknown;
  version: string;
  page: () => SharePage;
  card: () => CardSource;
}

/**
 * The public side, for people without an account and for link previews: share pages rendered on
 * the server (`/share/{entries,feeds,lists,users}/:id`, `/u/:handle`) inside the client's
 * index.html, which takes over once loaded; their pictures (`/og/<kind>/:id`); and the same data
 * as JSON for the client (`/api/share/<kind>/:id`).
 */
export function shareRoutes(deps: ShareRouteDeps) {
  const { share, og, shell, context } = deps;
  const bind =
    <T,>(load: (id: string) => Promise<Shared<T> | null>, page: (shared: Shared<T>, context: PageContext) => SharePage, card: (shared: Shared<T>) => CardSource) =>
    async (id: string): Promise<Loaded | null> => {
      const shared = await load(id);
      return shared && { data: shared.data, version: shared.version, page: () => page(shared, context), card: () => card(shared) };
    };
  const kinds = new Map([
    ["entries", { notFound: ErrorCode.EntryNotFound, load: bind(share.entry, entryPage, entryCard) }],
    ["feeds", { notFound: ErrorCode.FeedNotFound, load: bind(share.feed, feedPage, feedCard) }],
    ["lists", { notFound: ErrorCode.ListNotFound, load: bind(share.list, listPage, listCard) }],
    ["users", { notFound: ErrorCode.UserNotFound, load: bind(share.user, userPage, userCard) }],
  ]);
  /** The kind named in the path, and the thing with that id: a 404 AppError when either is unknown. */
  const find = async (kindName: string, id: string) => {
    const kind = kinds.get(kindName);
    if (!kind) throw new AppError(ErrorCode.InvalidParameter, { status: 404, reason: `Nothing is shared as "${kindName}"` });
    const loaded = await kind.load(id);
    if (!loaded) throw new AppError(kind.notFound);
    return loaded;
  };

  const page = (kindName: string, key: (c: Context<AppEnv>) => string) => async (c: Context<AppEnv>) => {
    const loaded = await kinds.get(kindName)!.load(key(c));
    if (loaded) og.warm();
    const built = loaded ? loaded.page() : notFoundPage(c.req.path, context);
    c.header("Cache-Control", loaded ? PAGE_CACHE : "public, max-age=60");
    return c.html(shell.render({ head: headTags(built.meta), body: built.body }), loaded ? 200 : 404);
  };

  return new Hono<AppEnv>()
    .get("/api/share/:kind/:id", async (c) => {
      const loaded = await find(c.req.param("kind"), c.req.param("id"));
      c.header("Cache-Control", "public, max-age=60");
      return ok(c, loaded.data);
    })
    .use("/share/*", compressAnswers())
    .use("/u/*", compressAnswers())
    .get("/share/entries/:id", page("entries", (c) => c.req.param("id")!))
    .get("/share/feeds/:id", page("feeds", (c) => c.req.param("id")!))
    .get("/share/lists/:id", page("lists", (c) => c.req.param("id")!))
    .get("/share/users/:id", page("users", (c) => c.req.param("id")!))
    .get("/u/:handle", page("users", (c) => `@${c.req.param("handle")!}`))
    .get("/og/:kind/:id", async (c) => {
      const id = c.req.param("id").replace(/\.png$/i, "");
      const loaded = await find(c.req.param("kind"), id);
      const key = `${c.req.param("kind")}-${id}-${loaded.version}`;
      const etag = `"${key}"`;
      // The picture URL a page gives carries the version: that URL always means this picture.
      c.header("Cache-Control", c.req.query("v") === loaded.version ? "public, max-age=31536000, immutable" : "public, max-age=3600");
      c.header("ETag", etag);
      if (c.req.header("If-None-Match") === etag) return c.body(null, 304);
      const png = await og.png(key, loaded.card());
      c.header("Content-Type", "image/png");
      return c.body(new Uint8Array(png.buffer as ArrayBuffer, png.byteOffset, png.length), 200);
    });
}
