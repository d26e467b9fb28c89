import type { AuthProviders } from "@tidings/contracts";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import type { AccountsConfig as AllAccountsConfig } from "../features/accounts/index.ts";

/** The id under which the configured OpenID Connect provider signs in and links. */
export const OIDC_PROVIDER_ID = "oidc";

type AccountsConfig = Pick<AllAccountsConfig, "github" | "google" | "oidc">;

/** better-auth's built-in providers (GitHub, Google) that the environment configures. */
export function socialProviders(accounts: AccountsConfig) {
  return {
    ...(accounts.github && { github: { clientId: accounts.github.clientId, clientSecret: accounts.github.clientSecret } }),
    ...(accounts.google && { google: { clientId: accounts.google.clientId, clientSecret: accounts.google.clientSecret } }),
  };
}

/**
 * Any OpenID Connect provider, found through its discovery document, with PKCE. It signs in
 * through the same `sign-in/social` and `link-social` endpoints as GitHub and Google.
 */
export function oidcPlugins(accounts: AccountsConfig) {
  const oidc = accounts.oidc;
  if (!oidc) return [];
  return [
    genericOAuth({
      config: [
        {
          providerId: OIDC_PROVIDER_ID,
          name: oidc.name,
          clientId: oidc.clientId,
          clientSecret: oidc.clientSecret,
          discoveryUrl: `${oidc.issuer}/.well-known/openid-configuration`,
          requireIdTokenVerification: true,
          pkce: true,
          scopes: ["openid", "email", "profile"],
        },
      ],
    }),
  ];
}

/** The providers `get-providers` answers, by id. */
export function providerList(accounts: AccountsConfig): AuthProviders {
  const list: AuthProviders = {};
  if (accounts.github) list.github = { id: "github", name: "GitHub" };
  if (accounts.google) list.google = { id: "google", name: "Google" };
  if (accounts.oidc) list[OIDC_PROVIDER_ID] = { id: OIDC_PROVIDER_ID, name: accounts.oidc.name };
  return list;
}
