import { z } from "zod";
import { type AuthConfig, authConfig, authEnv } from "./auth/auth.config.ts";
import { type CoreConfig, coreConfig, coreEnv } from "./config/core.config.ts";
import { type AccountsConfig, accountsConfig, accountsEnv } from "./features/accounts/accounts.config.ts";
import { type AiConfig, aiConfig, aiEnv } from "./features/ai/ai.config.ts";
import { type ImagesConfig, imagesConfig, imagesEnv } from "./features/images/images.config.ts";
import { type InboxesConfig, inboxesConfig, inboxesEnv } from "./features/inboxes/inboxes.config.ts";
import { type IntegrationsConfig, integrationsConfig, integrationsEnv } from "./features/integrations/integrations.config.ts";
import { type PushConfig, pushConfig, pushEnv } from "./features/messaging/push.config.ts";
import { type MetricsConfig, metricsConfig, metricsEnv } from "./features/metrics/metrics.config.ts";
import { type PowerConfig, powerConfig, powerEnv } from "./features/power/power.config.ts";
import { type TelemetryConfig, telemetryConfig, telemetryEnv } from "./features/profiles/telemetry.config.ts";
import { type RsshubConfig, rsshubConfig, rsshubEnv } from "./features/rsshub/rsshub.config.ts";
import { type LimitsConfig, limitsConfig, limitsEnv } from "./features/subscriptions/limits.config.ts";
import { type FetchConfig, fetchConfig, fetchEnv } from "./fetcher/fetch.config.ts";
import { type RateLimitsConfig, rateLimitsConfig, rateLimitsEnv } from "./http/rate-limits.config.ts";
import { type NetworkConfig, networkConfig, networkEnv } from "./lib/http/network.config.ts";
import { mailAddress, type MailConfig, mailConfig, mailEnv } from "./lib/mail/mail.config.ts";

export type { AccountsConfig, OAuthClient } from "./features/accounts/accounts.config.ts";
export { DEFAULT_AVATAR_SERVICES } from "./features/images/images.config.ts";

/**
 * Every environment variable the server reads, parsed once at start. Each feature owns the
 * variables of its settings (`*.config.ts` beside it); this file only composes them into one
 * frozen {@link Config}. Nothing below the composition root reads `process.env`.
 */
const envSchema = z.object({
  ...coreEnv,
  ...authEnv,
  ...accountsEnv,
  ...inboxesEnv,
  ...networkEnv,
  ...fetchEnv,
  ...limitsEnv,
  ...mailEnv,
  ...pushEnv,
  ...aiEnv,
  ...imagesEnv,
  ...telemetryEnv,
  ...integrationsEnv,
  ...powerEnv,
  ...rsshubEnv,
  ...metricsEnv,
  ...rateLimitsEnv,
});

export interface Config extends CoreConfig {
  readonly auth: AuthConfig;
  readonly inbox: InboxesConfig;
  readonly network: NetworkConfig;
  readonly fetch: FetchConfig;
  readonly limits: LimitsConfig;
  readonly mail: MailConfig;
  readonly push: PushConfig;
  readonly ai: AiConfig;
  readonly accounts: AccountsConfig;
  readonly images: ImagesConfig;
  readonly telemetry: TelemetryConfig;
  readonly integrations: IntegrationsConfig;
  readonly power: PowerConfig;
  readonly rsshub: RsshubConfig;
  readonly metrics: MetricsConfig;
  readonly rateLimits: RateLimitsConfig;
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
  // Settings that depend on another's value, and pairs that must be set together.
  const problems: string[] = [];
  const core = coreConfig(e, cwd);
  const webHost = new URL(core.server.webUrl).hostname;
  const mail = mailConfig(e, webHost);
  // In this order, the problems are listed as they always were.
  const accounts = accountsConfig(e, problems);
  const telemetry = telemetryConfig(e, problems);
  const ai = aiConfig(e, problems);
  const push = pushConfig(e, mailAddress(mail.from), problems);
  const images = imagesConfig(e, problems);
  const network = networkConfig(e, problems);
  const metrics = metricsConfig(e, problems);
  if (problems.length) throw new ConfigError(problems);
  return Object.freeze({
    ...core,
    auth: authConfig(e),
    inbox: inboxesConfig(e, webHost),
    network,
    fetch: fetchConfig(e),
    limits: limitsConfig(e),
    mail,
    push,
    ai,
    accounts,
    images,
    telemetry,
    integrations: integrationsConfig(e),
    power: powerConfig(e),
    rsshub: rsshubConfig(e),
    metrics,
    rateLimits: rateLimitsConfig(e),
  });
}
