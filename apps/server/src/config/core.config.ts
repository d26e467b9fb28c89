import path from "node:path";
import { z } from "zod";
import { bool, type EnvOf, type EnvShape, oneOf, url } from "./parsers.ts";

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

/** The process's own settings: where it listens, its data, its database, its logs. */
export const coreEnv = {
  NODE_ENV: oneOf("NODE_ENV", ["production", "development", "test"]).default("production"),
  PORT: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === "") return 3000;
      const port = Number(value);
      if (!/^\d+$/.test(value.trim()) || port < 1 || port > 65535) {
        ctx.addIssue({ code: "custom", message: `PORT must be a port number from 1 to 65535 (got "${value}")` });
        return z.NEVER;
      }
      return port;
    }),
  HOST: z
    .string()
    .regex(/^[\w.:-]+$/, { message: "HOST must be a host name or an IP address" })
    .default("127.0.0.1"),
  DATA_DIR: z.string().min(1, { message: "DATA_DIR must not be empty" }).default("./data"),
  DATABASE_URL: url("DATABASE_URL", ["postgres:", "postgresql:"]).optional(),
  WEB_URL: url("WEB_URL", ["http:", "https:"]).optional(),
  TRUST_PROXY: bool("TRUST_PROXY", false),
  WORKER_ID: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === "") return undefined;
      const id = Number(value);
      if (!/^\d+$/.test(value.trim()) || id > 1023) {
        ctx.addIssue({ code: "custom", message: `WORKER_ID must be an integer from 0 to 1023 (got "${value}")` });
        return z.NEVER;
      }
      return id;
    }),
  LOG_LEVEL: oneOf("LOG_LEVEL", LOG_LEVELS).default("info"),
} satisfies EnvShape;

export interface CoreConfig {
  readonly env: "production" | "development" | "test";
  readonly server: {
    readonly port: number;
    readonly host: string;
    /** Public URL of the web app; auth callbacks and allowed origins derive from it. */
    readonly webUrl: string;
    /** Origins whose browser requests the auth layer accepts. */
    readonly trustedOrigins: readonly string[];
    /** Take the client address from X-Forwarded-For (only behind a reverse proxy you run). */
    readonly trustProxy: boolean;
  };
  /** Absolute path of the data directory (embedded database, generated secret). */
  readonly dataDir: string;
  /** `null` runs the embedded PostgreSQL inside `dataDir` (DATA_DIR/postgres). */
  readonly databaseUrl: string | null;
  /** Snowflake worker id of this process; random when not configured. */
  readonly workerId: number | undefined;
  readonly logLevel: (typeof LOG_LEVELS)[number];
}

export function coreConfig(e: EnvOf<typeof coreEnv>, cwd: string): CoreConfig {
  const webUrl = (e.WEB_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");
  const trustedOrigins = new Set([new URL(webUrl).origin]);
  if (!e.WEB_URL) trustedOrigins.add(`http://127.0.0.1:${e.PORT}`);
  return {
    env: e.NODE_ENV,
    server: Object.freeze({ port: e.PORT, host: e.HOST, webUrl, trustedOrigins: Object.freeze([...trustedOrigins]), trustProxy: e.TRUST_PROXY }),
    dataDir: path.resolve(cwd, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL ?? null,
    workerId: e.WORKER_ID,
    logLevel: e.LOG_LEVEL,
  };
}
