import { Hono, type Context } from "hono";
import { AppError } from "../../errors.ts";
import type { AppEnv, RequestUser } from "../../http/context.ts";
import type { Clock } from "../../lib/clock.ts";
import type { Logger } from "../../lib/logger.ts";
import type { AppPasswordsService } from "../app-passwords/index.ts";
import { clientLogin, editTokenOk, type GreaderEnv, requireToken, type SignInThrottle, unauthorized } from "./greader.auth.ts";
import { atomOf, type StreamAnswer } from "./greader.atom.ts";
import { BadRequest, READING_LIST } from "./greader.ids.ts";
import { type RequestParams as Params, readParams } from "../../http/request-params.ts";
import type { GreaderReader, StreamParams } from "./greader-read.service.ts";
import type { GreaderWriter } from "./greader-write.service.ts";

export interface GreaderRouteDeps {
  appPasswords: AppPasswordsService;
  throttle: SignInThrottle;
  trustProxy: boolean;
  reader: GreaderReader;
  writer: GreaderWriter;
  clock: Clock;
  logger: Logger;
  opml: { exportOpml(user: RequestUser): Promise<string>; importOpml(user: RequestUser, bytes: Uint8Array): Promise<unknown> };
}

const API = "/reader/api/0/";
const ATOM = "/reader/atom/";

/** A stream answered as Google Reader's Atom output. */
const atom = (c: Context, answer: StreamAnswer) => c.body(atomOf(answer, c.req.url), 200, { "Content-Type": "application/atom+xml; charset=utf-8" });

/** Errors as Google Reader servers answer them: a short text reason and its status, never a 500 for bad input. */
function failure(c: Context, error: unknown, logger: Logger): Response {
  if (error instanceof BadRequest) return c.text(error.message, 400);
  if (error instanceof AppError) return c.text(error.reason ?? error.message, error.status as 400);
  if (error instanceof SyntaxError || error instanceof URIError) return c.text("Malformed request", 400);
  logger.error({ err: error }, "greader request failed");
  return c.text("Internal error", 500);
}

const streamParams = (params: Params): StreamParams => ({
  n: params.get("n"),
  c: params.get("c"),
  r: params.get("r"),
  xt: params.all("xt"),
  it: params.all("it"),
  ot: params.get("ot"),
  nt: params.get("nt"),
});

/** The Google Reader API (`/greader`, and `/greader.php` for apps that add FreshRSS's path). */
export function greaderRoutes(deps: GreaderRouteDeps) {
  const { reader, writer, clock } = deps;
  const ok = (c: Context) => c.text("OK");

  /** The calls under `reader/api/0/`, by path; `stream/contents/<stream>` carries its stream in the path. */
  async function call(c: Context<GreaderEnv>, path: string, params: Params): Promise<Response> {
    const user = c.var.user!;
    const post = c.req.method === "POST";
    if (path.startsWith("stream/contents")) {
      const inPath = path.slice("stream/contents".length).replace(/^\//, "");
      const stream = inPath ? decodeURIComponent(inPath) : (params.get("s") ?? "user/-/state/com.google/reading-list");
      const answer = await reader.streamContents(user, stream, streamParams(params), clock.now());
      return params.get("output") === "atom" ? atom(c, answer) : c.json(answer);
    }
    switch (path) {
      case "user-info":
        return c.json({ userId: user.id, userName: user.name || user.email, userProfileId: user.id, userEmail: user.email });
      case "token":
        return c.text(`${deps.appPasswords.editToken(c.var.passwordId)}\n`);
      case "subscription/list":
        return c.json(await reader.subscriptionList(user));
      case "tag/list":
        return c.json(await reader.tagList(user));
      case "unread-count":
        return c.json(await reader.unreadCount(user));
      case "stream/items/ids":
        return c.json(await reader.itemIds(user, params.get("s") ?? "", streamParams(params)));
      case "stream/items/contents":
        return c.json(await reader.itemContents(user, params.all("i"), clock.now()));
      case "subscription/export":
        c.header("Content-Disposition", 'attachment; filename="tidings.opml"');
        return c.body(await deps.opml.exportOpml(user), 200, { "Content-Type": "text/x-opml; charset=utf-8" });
    }
    if (!post) return c.text(`Unknown call: ${c.req.method} ${path}`.slice(0, 120), path in WRITES ? 405 : 404);
    if (!editTokenOk(c, params, deps.appPasswords)) return unauthorized(c);
    switch (path) {
      case "edit-tag":
        await writer.editTag(user, params.all("i"), params.all("a"), params.all("r"));
        return ok(c);
      case "mark-all-as-read":
        await writer.markAllAsRead(user, params.get("s") ?? "", params.get("ts"));
        return ok(c);
      case "subscription/edit":
        await writer.editSubscriptions(user, { action: params.get("ac") ?? "edit", streams: params.all("s"), title: params.get("t"), add: params.get("a"), remove: params.get("r") });
        return ok(c);
      case "subscription/quickadd":
        return c.json(await writer.quickAdd(user, params.get("quickadd") ?? ""));
      case "rename-tag":
        await writer.renameTag(user, params.get("s") ?? params.get("t") ?? "", params.get("dest") ?? "");
        return ok(c);
      case "disable-tag":
        await writer.disableTag(user, params.get("s") ?? params.get("t") ?? "");
        return ok(c);
      case "subscription/import":
        await deps.opml.importOpml(user, new Uint8Array(await c.req.arrayBuffer()));
        return ok(c);
    }
    return c.text(`Unknown call: ${path}`.slice(0, 120), 404);
  }

  const api = new Hono<GreaderEnv>();
  api.on(["GET", "POST"], "/accounts/ClientLogin", async (c) => {
    try {
      return await clientLogin(c, await readParams(c, { body: true }), deps);
    } catch (error) {
      return failure(c, error, deps.logger);
    }
  });
  api.get("/reader/ping", (c) => c.text("OK"));
  // Google Reader's Atom output: `reader/atom/<stream id>` (URL-encoded or not; none: the reading
  // list), with the JSON call's parameters; FeedHQ's and Inoreader's form of it too.
  api.use("/reader/atom/*", requireToken(deps.appPasswords));
  api.get("/reader/atom/*", async (c) => {
    try {
      const pathname = new URL(c.req.url).pathname;
      const raw = pathname.slice(pathname.indexOf(ATOM) + ATOM.length);
      const stream = raw ? decodeURIComponent(raw) : READING_LIST;
      const params = await readParams(c, { body: false });
      return atom(c, await reader.streamContents(c.var.user!, stream, streamParams(params), clock.now()));
    } catch (error) {
      return failure(c, error, deps.logger);
    }
  });
  api.use("/reader/api/0/*", requireToken(deps.appPasswords));
  api.on(["GET", "POST"], "/reader/api/0/*", async (c) => {
    try {
      const pathname = new URL(c.req.url).pathname;
      const at = pathname.indexOf(API);
      const path = pathname.slice(at + API.length).replace(/\/+$/, "");
      // subscription/import's body is the OPML document, not a form.
      const params = await readParams(c, { body: path !== "subscription/import" });
      return await call(c, path, params);
    } catch (error) {
      return failure(c, error, deps.logger);
    }
  });
  api.all("*", (c) => c.text("Not found", 404));
  return new Hono<AppEnv>().route("/greader", api).route("/greader.php", api);
}

const WRITES = { "edit-tag": 1, "mark-all-as-read": 1, "subscription/edit": 1, "subscription/quickadd": 1, "rename-tag": 1, "disable-tag": 1, "subscription/import": 1 };
