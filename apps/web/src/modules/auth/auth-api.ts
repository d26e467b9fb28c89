import { AUTH_BASE_PATH } from "@tidings/contracts";

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

async function post<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(`${AUTH_BASE_PATH}${path}`, {
    method: "POST",
    credentials: "include",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const data = (await response.json().catch(() => null)) as (T & { message?: string; code?: string }) | null;
  if (!response.ok) {
    const fallback = response.status === 429 ? "Too many attempts. Please wait a minute and try again." : response.statusText;
    throw new AuthError(response.status, data?.message ?? fallback, data?.code);
  }
  return data as T;
}

export const authApi = {
  signIn: (input: { email: string; password: string }) => post<{ user: { id: string } }>("/sign-in/email", input),
  signUp: (input: { email: string; password: string; name: string }) => post<{ user: { id: string } }>("/sign-up/email", input),
  signOut: () => post<{ success: boolean }>("/sign-out", {}),
};
