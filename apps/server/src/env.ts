import { availableParallelism } from "node:os";
import path from "node:path";
import { z } from "zod";
import { parseSharedAddresses } from "./lib/http/address-scope.ts";
import { PRIVATE_NETWORKS_FOR, type PrivateNetworksFor } from "./lib/http/network-policy.ts";
import { type VapidKeys, vapidKeysProblem } from "./lib/push/vapid-keys.ts";

/**
 * Every environment variable the server reads, parsed once at start. Nothing below the
 * composition root reads `process.env`: it receives the frozen {@link Config}.
 */
const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

const bool = (name: string, fallback: boolean) => optionalBool(name).transform((value) => value ?? fallback);

/** true, false, or undefined when unset or empty. */
const optionalBool = (name: string) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === "") return undefined;
      const normal = value.trim().toLowerCase();
      if (["1", "true", "yes", "on"].includes(normal)) return true;
      if (["0", "false", "no", "off"].includes(normal)) return false;
      ctx.addIssue({ code: "custom", message: `${name} must be true or false (got "${value}")` });
      return z.NEVER;
    });

const integer = (name: string, fallback: number, min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === "") return fallback;
      const number = Number(value);
      if (!/^\d+$/.test(value.trim()) || number < min || number > max) {
        ctx.addIssue({ code: "custom", message: `${name} must be an integer from ${min} to ${max} (got "${value}")` });
        return z.NEVER;
      }
      return number;
    });

const url = (name: string, protocols: string[]) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    {
      error: (issue) =>
        `${name} must be a ${protocols.map((protocol) => `${protocol}//`).join(" or ")} URL (got "${String(issue.input)}")`,
    },
  );

const envSchema = z.object({
  NODE_ENV: z
    .enum(["production", "development", "test"], {
      error: (issue) => `NODE_ENV must be production, development or test (got "${String(issue.input)}")`,
    })
    .default("production"),
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
  AUTH_SECRET: z
    .string()
    .min(32, { message: "AUTH_SECRET must be at least 32 characters long" })
    .optional(),
  INBOX_EMAIL_SUFFIX: z
    .string()
    .regex(/^@?[a-z0-9.-]+\.?[a-z0-9-]*$/i, { message: "INBOX_EMAIL_SUFFIX must be a mail domain such as @in.example.com" })
    .optional(),
  SMTP_LISTEN_PORT: integer("SMTP_LISTEN_PORT", 0, 1, 65535).transform((port) => port || null),
  SMTP_LISTEN_HOST: z
    .string()
    .regex(/^[\w.:-]+$/, { message: "SMTP_LISTEN_HOST must be a host name or an IP address" })
    .default("0.0.0.0"),
  INBOX_MAIL_MAX_BYTES: integer("INBOX_MAIL_MAX_BYTES", 10 * 1024 * 1024, 1024, 100 * 1024 * 1024),
  INBOX_MAIL_PER_HOUR: integer("INBOX_MAIL_PER_HOUR", 200, 0, 1_000_000),
  INVITATIONS_REQUIRED: bool("INVITATIONS_REQUIRED", false),
  PRIVATE_NETWORKS_FOR: z
    .enum(PRIVATE_NETWORKS_FOR, {
      error: (issue) => `PRIVATE_NETWORKS_FOR must be one of ${PRIVATE_NETWORKS_FOR.join(", ")} (got "${String(issue.input)}")`,
    })
    .optional(),
  SHARED_PRIVATE_ADDRESSES: z.string().optional(),
  // Older names, folded into PRIVATE_NETWORKS_FOR (see privateNetworksFor below).
  FETCH_ALLOW_PRIVATE_NETWORKS: optionalBool("FETCH_ALLOW_PRIVATE_NETWORKS"),
  TRUST_PROXY: bool("TRUST_PROXY", false),
  RSSHUB_URL: url("RSSHUB_URL", ["http:", "https:"]).default("https://rsshub.app"),
  RSSHUB_ACCESS_KEY: z.string().trim().max(500).optional(),
  RSSHUB_ALLOW_PRIVATE_NETWORKS: optionalBool("RSSHUB_ALLOW_PRIVATE_NETWORKS"),
  RSSHUB_CHECK_MINUTES: integer("RSSHUB_CHECK_MINUTES", 10, 1, 24 * 60),
  SCHEDULER: bool("SCHEDULER", true),
  FETCH_CONCURRENCY: integer("FETCH_CONCURRENCY", 16, 1, 256),
  FETCH_PER_HOST: integer("FETCH_PER_HOST", 2, 1, 64),
  FETCH_TIMEOUT_SECONDS: integer("FETCH_TIMEOUT_SECONDS", 30, 1, 600),
  FETCH_MAX_BYTES: integer("FETCH_MAX_BYTES", 10 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
  // One processor is left to this thread (fetching, storing) and the database.
  FETCH_READ_THREADS: integer("FETCH_READ_THREADS", Math.min(8, Math.max(1, availableParallelism() - 1)), 0, 64),
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
  MAX_SUBSCRIPTIONS: integer("MAX_SUBSCRIPTIONS", 5000, 1, 1_000_000),
  MAX_LISTS: integer("MAX_LISTS", 100, 0, 100_000),
  MAX_INBOXES: integer("MAX_INBOXES", 10, 0, 10_000),
  MAX_ACTIONS: integer("MAX_ACTIONS", 100, 0, 10_000),
  MAX_WEBHOOKS_PER_ACTION: integer("MAX_WEBHOOKS_PER_ACTION", 5, 0, 100),
  TRIAL_MAX_FEED_SUBSCRIPTIONS: integer("TRIAL_MAX_FEED_SUBSCRIPTIONS", 100, 0, 1_000_000),
  TRIAL_MAX_LIST_SUBSCRIPTIONS: integer("TRIAL_MAX_LIST_SUBSCRIPTIONS", 5, 0, 100_000),
  TRIAL_MAX_INBOXES: integer("TRIAL_MAX_INBOXES", 1, 0, 10_000),
  SMTP_URL: url("SMTP_URL", ["smtp:", "smtps:"]).optional(),
  AI_BASE_URL: url("AI_BASE_URL", ["http:", "https:"]).optional(),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().trim().min(1).optional(),
  AI_SUMMARY_MODEL: z.string().trim().min(1).optional(),
  AI_TRANSLATION_MODEL: z.string().trim().min(1).optional(),
  AI_DAILY_MODEL: z.string().trim().min(1).optional(),
  AI_SPEECH_MODEL: z.string().trim().optional(),
  AI_DAILY_LIMIT: integer("AI_DAILY_LIMIT", 200, 0, 1_000_000),
  AI_TIMEOUT_SECONDS: integer("AI_TIMEOUT_SECONDS", 60, 1, 3600),
  MAIL_FROM: z
    .string()
    .regex(/^[^\r\n]*@[^\r\n]+$/, { message: "MAIL_FROM must be an address such as Tidings <no-reply@example.com>" })
    .optional(),
  REQUIRE_EMAIL_VERIFICATION: bool("REQUIRE_EMAIL_VERIFICATION", false),
  VAPID_PUBLIC_KEY: z.string().trim().optional(),
  VAPID_PRIVATE_KEY: z.string().trim().optional(),
  VAPID_SUBJECT: url("VAPID_SUBJECT", ["mailto:", "https:"]).optional(),
  GITHUB_CLIENT_ID: z.string().optional(),
  GITHUB_CLIENT_SECRET: z.string().optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  OIDC_ISSUER: url("OIDC_ISSUER", ["http:", "https:"]).optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_NAME: z.string().min(1).max(60).default("OpenID Connect"),
  AVATAR_MAX_BYTES: integer("AVATAR_MAX_BYTES", 2 * 1024 * 1024, 1024, 50 * 1024 * 1024),
  IMAGE_PROXY: bool("IMAGE_PROXY", true),
  IMAGE_CACHE_MAX_MB: integer("IMAGE_CACHE_MAX_MB", 512, 1, 1_000_000),
  IMAGE_MAX_BYTES: integer("IMAGE_MAX_BYTES", 20 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
  IMAGE_PROXY_PER_HOUR: integer("IMAGE_PROXY_PER_HOUR", 3000, 0, 10_000_000),
  AVATAR_SERVICES: z.string().optional(),
  SITE_ICONS: bool("SITE_ICONS", true),
  INVITATION_INTERVAL_DAYS: integer("INVITATION_INTERVAL_DAYS", 7, 0, 3650),
  ANALYTICS_HOST: url("ANALYTICS_HOST", ["http:", "https:"]).optional(),
  ANALYTICS_KEY: z.string().optional(),
  ERROR_REPORTING_DSN: url("ERROR_REPORTING_DSN", ["http:", "https:"]).optional(),
  INTEGRATIONS_ALLOW_PRIVATE_NETWORKS: optionalBool("INTEGRATIONS_ALLOW_PRIVATE_NETWORKS"),
  INTEGRATION_SAVES_PER_HOUR: integer("INTEGRATION_SAVES_PER_HOUR", 300, 0, 1_000_000),
  POWER: bool("POWER", true),
  POWER_DAILY_SUPPLY: integer("POWER_DAILY_SUPPLY", 10_000, 0, 1_000_000_000),
  POWER_BOOST_MONTHLY_COST: integer("POWER_BOOST_MONTHLY_COST", 10, 1, 1_000_000),
  INVITATION_PRICE: integer("INVITATION_PRICE", 0, 0, 1_000_000),
  LOG_LEVEL: z
    .enum(LOG_LEVELS, {
      error: (issue) => `LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")} (got "${String(issue.input)}")`,
    })
    .default("info"),
});

export interface Config {
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
  /** `null` runs the embedded PGlite database inside `dataDir`. */
  readonly databaseUrl: string | null;
  readonly auth: {
    /** `null` until the composition root generates or loads one from `dataDir`. */
    readonly secret: string | null;
    readonly invitationsRequired: boolean;
  };
  readonly inbox: {
    readonly emailSuffix: string;
    /** The embedded SMTP receiver of inbox mail; null (the default) leaves it off. */
    readonly smtp: { readonly port: number; readonly host: string } | null;
    /** Largest message accepted, raw (attachments included), by SMTP or POST /inboxes/email. */
    readonly mailMaxBytes: number;
    /** Messages one inbox accepts per hour, in each server process (0: no limit). */
    readonly mailPerHour: number;
  };
  /**
   * The private-network policy (lib/http/network-policy.ts): whose addresses may be on this
   * machine or its networks. `notices` says how older variables were read, for the start log.
   */
  readonly network: {
    readonly privateNetworksFor: PrivateNetworksFor;
    /** Ranges on private networks every reader may reach, as if public (SHARED_PRIVATE_ADDRESSES). */
    readonly sharedAddresses: readonly string[];
    readonly notices: readonly string[];
  };
  readonly fetch: {
    /** Feeds fetched at once by this process, and at once from one host. */
    readonly concurrency: number;
    readonly perHost: number;
    readonly timeoutMs: number;
    readonly maxBytes: number;
    /** Threads that read fetched documents (decode, parse, sanitise, index); 0: this thread. */
    readonly readThreads: number;
    /** The RSSHub instance that `rsshub://` feed URLs resolve against. */
    readonly rsshubUrl: string;
    /** Run the refresh scheduler inside this process. */
    readonly scheduler: boolean;
  };
  /** What one account may have (spec §6: trial accounts are limited further, codes 1100-1102). */
  readonly limits: {
    readonly subscriptions: number;
    readonly lists: number;
    readonly inboxes: number;
    /** Rules one reader may have (12000 beyond), and webhooks one rule may call. */
    readonly actions: number;
    readonly webhooksPerAction: number;
    readonly trialFeedSubscriptions: number;
    readonly trialListSubscriptions: number;
    readonly trialInboxes: number;
  };
  /** Outgoing mail: SMTP when `smtpUrl` is set, else .eml files in `dataDir/outbox`. */
  readonly mail: { readonly smtpUrl: string | null; readonly from: string };
  /**
   * Web Push: the VAPID key pair (null: generated once and kept in `dataDir`) and the contact that
   * push services see with every message (a `mailto:` or `https:` URL).
   */
  readonly push: { readonly vapid: VapidKeys | null; readonly subject: string };
  /**
   * The instance's AI provider (any OpenAI-compatible chat-completions API), null without
   * AI_BASE_URL: summaries are then extractive and translation needs a reader's own provider.
   * `dailyLimit` is the provider calls one reader may cause per day (0: no limit).
   */
  readonly ai: {
    readonly provider: {
      readonly baseUrl: string;
      readonly apiKey: string | null;
      readonly model: string;
      readonly summaryModel: string;
      readonly translationModel: string;
      readonly dailyModel: string;
      /** The `/audio/speech` model; null: no server-side speech (the browser speaks). */
      readonly speechModel: string | null;
    } | null;
    readonly dailyLimit: number;
    readonly timeoutMs: number;
  };
  /**
   * Sign-in options: whether an unverified e-mail may sign in, and the OAuth providers configured
   * (a provider appears only when both its id and secret are set).
   */
  readonly accounts: {
    readonly requireEmailVerification: boolean;
    readonly github: OAuthClient | null;
    readonly google: OAuthClient | null;
    readonly oidc: (OAuthClient & { readonly issuer: string; readonly name: string }) | null;
    /** Largest avatar upload, in bytes (14001 beyond it). */
    readonly avatarMaxBytes: number;
    /** An account may create one invitation code per this many days of its age (0: no limit). */
    readonly invitationIntervalDays: number;
  };
  /**
   * The image proxy (`/api/image`): on or off, its disk cache's size cap, the largest image it
   * fetches, and the images one client address may have fetched per hour (cache hits are free; 0:
   * no limit). `avatarServices` are URL templates (`{host}`) the client asks for feed avatars;
   * `siteIcons` looks for a site's own icon when its feed has no image.
   */
  readonly images: {
    readonly proxy: boolean;
    readonly cacheMaxBytes: number;
    readonly maxBytes: number;
    readonly perHour: number;
    readonly avatarServices: readonly string[];
    readonly siteIcons: boolean;
  };
  /** Usage data (PostHog-compatible) and error reports (Sentry-compatible): off unless set. */
  readonly telemetry: {
    readonly analytics: { readonly host: string; readonly key: string } | null;
    readonly errorReportingDsn: string | null;
  };
  /** "Save to …" integrations: the saves one reader may make per hour (0: no limit). */
  readonly integrations: { readonly savesPerHour: number };
  /** POWER, the instance-local currency (whole POWER; the ledger counts 10^-18 units). */
  readonly power: {
    /** false hides the whole feature: its routes answer 404 and the client shows none of it. */
    readonly enabled: boolean;
    /** POWER the instance hands out each day, shared among active readers by level and activity. */
    readonly dailySupply: number;
    /** What boosting a feed for a month costs. */
    readonly boostMonthlyCost: number;
    /** What generating an invitation code costs (0: free). */
    readonly invitationPrice: number;
  };
  /** RSSHub instances: the server's default (`fetch.rsshubUrl`) and the ones readers add. */
  readonly rsshub: {
    /** The default instance's ACCESS_KEY, sent as RSSHub expects (`?key=`); null when it has none. */
    readonly accessKey: string | null;
    /** Minutes between two health checks of an instance. */
    readonly checkMinutes: number;
  };
  /** Snowflake worker id of this process; random when not configured. */
  readonly workerId: number | undefined;
  readonly logLevel: (typeof LOG_LEVELS)[number];
}

export interface OAuthClient {
  readonly clientId: string;
  readonly clientSecret: string;
}

/** Raised when the environment is invalid; `problems` holds one line per variable. */
export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid environment variables\n${problems.map((line) => `  ${line}`).join("\n")}`);
    this.name = "ConfigError";
    this.problems = problems;
  }
}

/**
 * Parses the environment into a frozen {@link Config}, or throws a {@link ConfigError} that
 * names every invalid variable.
 */
export function loadConfig(env: Record<string, string | undefined>, cwd = process.cwd()): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? "environment");
        return issue.message.startsWith(name) ? issue.message : `${name}: ${issue.message}`;
      }),
    );
  }
  const e = parsed.data;
  const problems: string[] = [];
  const pair = (name: string, id: string | undefined, secret: string | undefined): OAuthClient | null => {
    if (!id && !secret) return null;
    if (!id || !secret) {
      problems.push(`${name}_CLIENT_ID and ${name}_CLIENT_SECRET must be set together`);
      return null;
    }
    return Object.freeze({ clientId: id, clientSecret: secret });
  };
  const github = pair("GITHUB", e.GITHUB_CLIENT_ID, e.GITHUB_CLIENT_SECRET);
  const google = pair("GOOGLE", e.GOOGLE_CLIENT_ID, e.GOOGLE_CLIENT_SECRET);
  const oidcClient = pair("OIDC", e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET);
  if (oidcClient && !e.OIDC_ISSUER) problems.push("OIDC_ISSUER must be set with OIDC_CLIENT_ID");
  if (e.OIDC_ISSUER && !oidcClient) problems.push("OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set with OIDC_ISSUER");
  if (Boolean(e.ANALYTICS_HOST) !== Boolean(e.ANALYTICS_KEY)) problems.push("ANALYTICS_HOST and ANALYTICS_KEY must be set together");
  if (e.AI_BASE_URL && !e.AI_MODEL) problems.push("AI_MODEL must be set with AI_BASE_URL (the model to ask, e.g. gpt-4o-mini or llama3.1)");
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) problems.push("VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together");
  const vapid = e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY } : null;
  const vapidProblem = vapid && vapidKeysProblem(vapid);
  if (vapidProblem) problems.push(`VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: ${vapidProblem} (npx web-push generate-vapid-keys makes a pair)`);
  const avatarServices = parseAvatarServices(e.AVATAR_SERVICES, problems);
  const shared = parseSharedAddresses(e.SHARED_PRIVATE_ADDRESSES ?? "");
  if (shared.problem) problems.push(`SHARED_PRIVATE_ADDRESSES: ${shared.problem}`);
  if (problems.length) throw new ConfigError(problems);
  const webUrl = (e.WEB_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");
  const web = new URL(webUrl);
  const trustedOrigins = new Set([web.origin]);
  if (!e.WEB_URL) trustedOrigins.add(`http://127.0.0.1:${e.PORT}`);
  const suffix = e.INBOX_EMAIL_SUFFIX ?? web.hostname;
  const mailFrom = e.MAIL_FROM ?? `Tidings <no-reply@${web.hostname}>`;
  return Object.freeze({
    env: e.NODE_ENV,
    server: Object.freeze({
      port: e.PORT,
      host: e.HOST,
      webUrl,
      trustedOrigins: Object.freeze([...trustedOrigins]),
      trustProxy: e.TRUST_PROXY,
    }),
    dataDir: path.resolve(cwd, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL ?? null,
    auth: Object.freeze({ secret: e.AUTH_SECRET ?? null, invitationsRequired: e.INVITATIONS_REQUIRED }),
    inbox: Object.freeze({
      emailSuffix: suffix.startsWith("@") ? suffix : `@${suffix}`,
      smtp: e.SMTP_LISTEN_PORT ? Object.freeze({ port: e.SMTP_LISTEN_PORT, host: e.SMTP_LISTEN_HOST }) : null,
      mailMaxBytes: e.INBOX_MAIL_MAX_BYTES,
      mailPerHour: e.INBOX_MAIL_PER_HOUR,
    }),
    network: Object.freeze({ ...privateNetworksFor(e), sharedAddresses: Object.freeze(shared.ranges) }),
    fetch: Object.freeze({
      concurrency: e.FETCH_CONCURRENCY,
      perHost: e.FETCH_PER_HOST,
      timeoutMs: e.FETCH_TIMEOUT_SECONDS * 1000,
      maxBytes: e.FETCH_MAX_BYTES,
      readThreads: e.FETCH_READ_THREADS,
      rsshubUrl: e.RSSHUB_URL.replace(/\/+$/, ""),
      scheduler: e.SCHEDULER,
    }),
    limits: Object.freeze({
      subscriptions: e.MAX_SUBSCRIPTIONS,
      lists: e.MAX_LISTS,
      inboxes: e.MAX_INBOXES,
      actions: e.MAX_ACTIONS,
      webhooksPerAction: e.MAX_WEBHOOKS_PER_ACTION,
      trialFeedSubscriptions: e.TRIAL_MAX_FEED_SUBSCRIPTIONS,
      trialListSubscriptions: e.TRIAL_MAX_LIST_SUBSCRIPTIONS,
      trialInboxes: e.TRIAL_MAX_INBOXES,
    }),
    mail: Object.freeze({ smtpUrl: e.SMTP_URL ?? null, from: mailFrom }),
    push: Object.freeze({ vapid: vapid && Object.freeze(vapid), subject: e.VAPID_SUBJECT ?? `mailto:${mailAddress(mailFrom)}` }),
    ai: Object.freeze({
      provider:
        e.AI_BASE_URL && e.AI_MODEL
          ? Object.freeze({
              baseUrl: e.AI_BASE_URL.replace(/\/+$/, ""),
              apiKey: e.AI_API_KEY || null,
              model: e.AI_MODEL,
              summaryModel: e.AI_SUMMARY_MODEL ?? e.AI_MODEL,
              translationModel: e.AI_TRANSLATION_MODEL ?? e.AI_MODEL,
              dailyModel: e.AI_DAILY_MODEL ?? e.AI_MODEL,
              speechModel: e.AI_SPEECH_MODEL || null,
            })
          : null,
      dailyLimit: e.AI_DAILY_LIMIT,
      timeoutMs: e.AI_TIMEOUT_SECONDS * 1000,
    }),
    accounts: Object.freeze({
      requireEmailVerification: e.REQUIRE_EMAIL_VERIFICATION,
      github,
      google,
      oidc:
        oidcClient && e.OIDC_ISSUER
          ? Object.freeze({ ...oidcClient, issuer: e.OIDC_ISSUER.replace(/\/+$/, ""), name: e.OIDC_NAME })
          : null,
      avatarMaxBytes: e.AVATAR_MAX_BYTES,
      invitationIntervalDays: e.INVITATION_INTERVAL_DAYS,
    }),
    images: Object.freeze({
      proxy: e.IMAGE_PROXY,
      cacheMaxBytes: e.IMAGE_CACHE_MAX_MB * 1024 * 1024,
      maxBytes: e.IMAGE_MAX_BYTES,
      perHour: e.IMAGE_PROXY_PER_HOUR,
      avatarServices: Object.freeze(avatarServices),
      siteIcons: e.SITE_ICONS,
    }),
    telemetry: Object.freeze({
      analytics: e.ANALYTICS_HOST && e.ANALYTICS_KEY ? Object.freeze({ host: e.ANALYTICS_HOST.replace(/\/+$/, ""), key: e.ANALYTICS_KEY }) : null,
      errorReportingDsn: e.ERROR_REPORTING_DSN ?? null,
    }),
    integrations: Object.freeze({ savesPerHour: e.INTEGRATION_SAVES_PER_HOUR }),
    power: Object.freeze({ enabled: e.POWER, dailySupply: e.POWER_DAILY_SUPPLY, boostMonthlyCost: e.POWER_BOOST_MONTHLY_COST, invitationPrice: e.INVITATION_PRICE }),
    rsshub: Object.freeze({ accessKey: e.RSSHUB_ACCESS_KEY || null, checkMinutes: e.RSSHUB_CHECK_MINUTES }),
    workerId: e.WORKER_ID,
    logLevel: e.LOG_LEVEL,
  });
}

/**
 * PRIVATE_NETWORKS_FOR, or what the older variables meant when it is unset:
 * FETCH_ALLOW_PRIVATE_NETWORKS=true and RSSHUB_ALLOW_PRIVATE_NETWORKS=true let every reader's
 * addresses be private ("everyone"); INTEGRATIONS_ALLOW_PRIVATE_NETWORKS=false let no one's
 * integrations be ("none", which wins, being the stricter). Their other values mean the default.
 */
function privateNetworksFor(e: z.infer<typeof envSchema>): { privateNetworksFor: PrivateNetworksFor; notices: readonly string[] } {
  const older = (["FETCH_ALLOW_PRIVATE_NETWORKS", "RSSHUB_ALLOW_PRIVATE_NETWORKS", "INTEGRATIONS_ALLOW_PRIVATE_NETWORKS"] as const).filter((name) => e[name] !== undefined);
  if (e.PRIVATE_NETWORKS_FOR) {
    const notices = older.map((name) => `${name} is ignored: PRIVATE_NETWORKS_FOR=${e.PRIVATE_NETWORKS_FOR} is set`);
    return { privateNetworksFor: e.PRIVATE_NETWORKS_FOR, notices: Object.freeze(notices) };
  }
  const folded: PrivateNetworksFor =
    e.INTEGRATIONS_ALLOW_PRIVATE_NETWORKS === false ? "none" : e.FETCH_ALLOW_PRIVATE_NETWORKS === true || e.RSSHUB_ALLOW_PRIVATE_NETWORKS === true ? "everyone" : "admins";
  const notices = older.map((name) => `${name} is an older name: read as PRIVATE_NETWORKS_FOR=${folded}; set that instead`);
  return { privateNetworksFor: folded, notices: Object.freeze(notices) };
}

/** The avatar services of spec §1 (DuckDuckGo, then Google), asked by host when a feed has no icon of its own. */
export const DEFAULT_AVATAR_SERVICES = ["https://icons.duckduckgo.com/ip3/{host}.ico", "https://www.google.com/s2/favicons?domain={host}&sz=64"];

/** AVATAR_SERVICES: unset gives the defaults, empty none; else comma-separated http(s) URLs with `{host}`. */
function parseAvatarServices(value: string | undefined, problems: string[]): string[] {
  if (value === undefined) return DEFAULT_AVATAR_SERVICES;
  const templates = value.split(",").map((part) => part.trim()).filter(Boolean);
  for (const template of templates) {
    if (!URL.canParse(template.replaceAll("{host}", "example.com")) || !/^https?:\/\//i.test(template) || !template.includes("{host}")) problems.push(`AVATAR_SERVICES must be comma-separated http(s) URLs containing {host} (got "${template}")`);
  }
  return templates;
}

/** The address of a From header: `Tidings <no-reply@example.com>` → `no-reply@example.com`. */
function mailAddress(from: string): string {
  return (/<([^<>]+)>\s*$/.exec(from)?.[1] ?? from).trim();
}
