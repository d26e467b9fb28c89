import type { Logger } from "../lib/logger.ts";

/** The signed-in account, as routes see it. */
export interface RequestUser {
  id: string;
  email: string;
  name: string;
  role: "trial" | "user";
  isAdmin: boolean;
}

/** Request-scoped values on `c.var`; nothing else travels through the context. */
export interface AppEnv {
  Variables: {
    requestId: string;
    log: Logger;
    user: RequestUser | null;
    sessionId: string | null;
  };
}
