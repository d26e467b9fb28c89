import { ErrorCode } from "@tidings/contracts";
import type { MiddlewareHandler } from "hono";
import type { Auth } from "../auth/auth.ts";
import { AppError } from "../errors.ts";
import type { AppEnv, RequestUser } from "./context.ts";

/**
 * Reads the session cookie into `c.var.user`. With `required`, a visitor without a session is
 * answered 401 with code 1000.
 */
export function session(auth: Auth, options: { required: boolean }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const found = await auth.api.getSession({ headers: c.req.raw.headers });
    if (found) {
      c.set("user", {
        id: found.user.id,
        email: found.user.email,
        name: found.user.name,
        role: found.role,
        isAdmin: found.user.isAdmin === true,
      });
      c.set("sessionId", found.session.id);
    } else {
      if (options.required) throw new AppError(ErrorCode.Unauthorized);
      c.set("user", null);
      c.set("sessionId", null);
    }
    await next();
  };
}

/** The signed-in user of a route behind `session(auth, { required: true })`. */
export function currentUser(c: { var: AppEnv["Variables"] }): RequestUser {
  if (!c.var.user) throw new AppError(ErrorCode.Unauthorized);
  return c.var.user;
}
