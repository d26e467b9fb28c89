/** A sign-in provider this instance offers, as `GET /api/better-auth/get-providers` lists it. */
export interface AuthProvider {
  /** What `sign-in/social` and `link-social` take as `provider`: `github`, `google` or `oidc`. */
  id: string;
  /** The name to show on its button. */
  name: string;
}

/** `GET /api/better-auth/get-providers`: the configured providers by id (empty when none). */
export type AuthProviders = Record<string, AuthProvider>;

/** One way a signed-in account can sign in, as `GET /api/better-auth/get-account-info` lists it. */
export interface AccountInfo {
  /** The account row id; `unlink-account` takes it as `accountId`. */
  id: string;
  /** `credential` for the password, else the provider id. */
  provider: string;
  /** What the provider says about the person (for a password: the account itself). */
  profile: {
    id: string;
    email: string | null;
    name: string | null;
    image: string | null;
  };
}

/** One row of better-auth's `GET /api/better-auth/list-accounts`. */
export interface LinkedAccount {
  id: string;
  providerId: string;
  accountId: string;
  userId: string;
  scopes: string[];
  createdAt: string;
  updatedAt: string;
}
