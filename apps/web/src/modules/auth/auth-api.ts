import { AUTH_BASE_PATH, type AuthProviders } from "@tidings/contracts";

/** An answer of better-auth that was not a success; `message` is fit to show. */
export class AuthError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  constructor(status: number, message: string, code?: string) {
    super(message);
    this.name = "AuthError";
    this.status = status;
    this.code = code;
  }
}

/** Calls a better-auth endpoint under `/api/better-auth` with the session cookie. */
export async function authRequest<T>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${AUTH_BASE_PATH}${path}`, {
    method: body === undefined ? "GET" : "POST",
    credentials: "include",
    ...(body === undefined ? {} : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
  });
  const data = (await response.json().catch(() => null)) as (T & { message?: string; code?: string }) | null;
  if (!response.ok) {
    const fallback = response.status === 429 ? "Too many attempts. Please wait a minute and try again." : response.statusText;
    throw new AuthError(response.status, data?.message ?? fallback, data?.code);
  }
  return data as T;
}

/** A sign-in answer: a session, or the second step when two-factor is on. */
export type SignInAnswer = { user: { id: string; emailVerified?: boolean }; twoFactorRedirect?: undefined } | { twoFactorRedirect: true; user?: undefined };

/** The sign-in providers this instance offers (`get-providers`): id → display name. */
export type Providers = AuthProviders;

/** Where a social sign-in lands: back on this site (absolute, so the server accepts it as trusted). */
function absolute(path: string): string {
  return new URL(path, window.location.origin).toString();
}

export const authApi = {
  signIn: (input: { email: string; password: string }) => authRequest<SignInAnswer>("/sign-in/email", input),
  signUp: (input: { email: string; password: string; name: string }) => authRequest<{ user: { id: string; emailVerified?: boolean } }>("/sign-up/email", input),
  signOut: () => authRequest<{ success: boolean }>("/sign-out", {}),
  providers: () => authRequest<Providers>("/get-providers"),
  /**
   * Starts a social sign-in; answers the provider's address to go to. The OpenID Connect provider
   * (better-auth's generic-oauth, id `oidc`) goes through the same endpoint as GitHub and Google.
   */
  signInSocial: (provider: string, callbackPath: string) => authRequest<{ url: string }>("/sign-in/social", { provider, callbackURL: absolute(callbackPath) }),
  verifyTotp: (code: string, trustDevice = false) => authRequest<{ token?: string }>("/two-factor/verify-totp", { code, trustDevice }),
  verifyBackupCode: (code: string) => authRequest<{ token?: string }>("/two-factor/verify-backup-code", { code }),
  requestPasswordReset: (email: string) => authRequest<{ status: boolean }>("/request-password-reset", { email, redirectTo: absolute("/reset-password") }),
  resetPassword: (newPassword: string, token: string) => authRequest<{ status: boolean }>("/reset-password", { newPassword, token }),
  sendVerificationEmail: (email: string) => authRequest<{ status: boolean }>("/send-verification-email", { email, callbackURL: absolute("/timeline") }),
};
