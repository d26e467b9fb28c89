import { type Context, Hono } from "hono";
import type { AppEnv, RequestUser } from "../../http/context.ts";
import { readParams } from "../../http/request-params.ts";
import { parseFeverRequest } from "./fever.params.ts";
import { API_VERSION, FeverInputError, type FeverService } from "./fever.service.ts";

/** The addresses Fever clients are given (`…/api/fever.php` as FreshRSS names it, `…/api/fever/` as Miniflux does). */
const PATHS = ["/fever", "/fever/", "/fever.php"];

/**
 * `/api/fever`: the Fever API. Signed in by `api_key` (md5 of `email:app password`) on every
 * call, no session. A key nobody holds is answered 401 with `auth: 0`; a malformed argument or an
 * id the reader does not have 400 with `error`, nothing written.
 */
export function feverRoutes(deps: { fever: FeverService; readerOfKey: (apiKey: string) => Promise<RequestUser | null> }) {
  const { fever } = deps;
  const refuse = (c: Context<AppEnv>, error: string) => c.json({ api_version: API_VERSION, auth: 1, error }, 400);
  const serve = async (c: Context<AppEnv>) => {
    // The POSTed form first (Fever's writes and key), then the query (its reads).
    const args = await readParams(c, { body: true });
    const key = args.get("api_key");
    const user = key ? await deps.readerOfKey(key) : null;
    if (!user) {
      c.var.log.info({ keyGiven: Boolean(key) }, "fever: sign-in refused");
      return c.json({ api_version: API_VERSION, auth: 0 }, 401);
    }
    const parsed = parseFeverRequest(args);
    if (!parsed.ok) return refuse(c, parsed.error);
    try {
      return c.json(await fever.answer(user, parsed.request));
    } catch (error) {
      if (error instanceof FeverInputError) return refuse(c, error.message);
      throw error;
    }
  };
  const routes = new Hono<AppEnv>();
  for (const path of PATHS) routes.get(path, serve).post(path, serve);
  return routes;
}
