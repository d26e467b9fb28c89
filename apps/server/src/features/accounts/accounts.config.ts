import { z } from "zod";
import { bool, type EnvOf, type EnvShape, integer, url } from "../../config/parsers.ts";

export const accountsEnv = {
  REQUIRE_EMAIL_VERIFICATION: bool("REQUIRE_EMAIL_VERIFICATION", false),
  GITHUB_CLIENT_ID: z.string().optional(),
  GITHUB_CLIENT_SECRET: z.string().optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  OIDC_ISSUER: url("OIDC_ISSUER", ["http:", "https:"]).optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_NAME: z.string().min(1).max(60).default("OpenID Connect"),
  AVATAR_MAX_BYTES: integer("AVATAR_MAX_BYTES", 2 * 1024 * 1024, 1024, 50 * 1024 * 1024),
  INVITATION_INTERVAL_DAYS: integer("INVITATION_INTERVAL_DAYS", 7, 0, 3650),
} satisfies EnvShape;

export interface OAuthClient {
  readonly clientId: string;
  readonly clientSecret: string;
}

/**
 * Sign-in options: whether an unverified e-mail may sign in, and the OAuth providers configured
 * (a provider appears only when both its id and secret are set).
 */
export interface AccountsConfig {
  readonly requireEmailVerification: boolean;
  readonly github: OAuthClient | null;
  readonly google: OAuthClient | null;
  readonly oidc: (OAuthClient & { readonly issuer: string; readonly name: string }) | null;
  /** Largest avatar upload, in bytes (14001 beyond it). */
  readonly avatarMaxBytes: number;
  /** An account may create one invitation code per this many days of its age (0: no limit). */
  readonly invitationIntervalDays: number;
}

export function accountsConfig(e: EnvOf<typeof accountsEnv>, problems: string[]): AccountsConfig {
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
  return Object.freeze({
    requireEmailVerification: e.REQUIRE_EMAIL_VERIFICATION,
    github,
    google,
    oidc: oidcClient && e.OIDC_ISSUER ? Object.freeze({ ...oidcClient, issuer: e.OIDC_ISSUER.replace(/\/+$/, ""), name: e.OIDC_NAME }) : null,
    avatarMaxBytes: e.AVATAR_MAX_BYTES,
    invitationIntervalDays: e.INVITATION_INTERVAL_DAYS,
  });
}
