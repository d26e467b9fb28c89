// A reader of a running server, through its HTTP API as the web app calls it.
export interface Reader {
  base: string;
  /** An API call (`/api` + `pathname`) with the reader's session; never throws on an HTTP status. */
  call(method: string, pathname: string, body?: unknown): Promise<Response>;
  /** A form POST (`/api` + `pathname`), as a browser sends a file. */
  post(pathname: string, form: FormData): Promise<Response>;
  /** The same session on another server process of the same instance. */
  on(base: string): Reader;
}

const PASSWORD = "correct horse battery";

/** Signs a new reader up at `base` and returns their session. */
export function signUp(base: string, email: string): Promise<Reader> {
  return authenticate(base, "sign-up", { email, password: PASSWORD, name: email.split("@")[0] });
}

/** A session from better-auth's `sign-up` or `sign-in` with an e-mail address. */
async function authenticate(base: string, route: "sign-up" | "sign-in", body: Record<string, unknown>): Promise<Reader> {
  const response = await fetch(`${base}/api/better-auth/${route}/email`, {
    method: "POST",
    headers: { origin: base, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (response.status !== 200) throw new Error(`${route} answered ${response.status}: ${await response.text()}`);
  return session(base, response.headers.getSetCookie().map((line) => line.split(";")[0]).join("; "));
}

function session(base: string, cookie: string): Reader {
  const headers = { origin: base, "content-type": "application/json" };
  return {
    base,
    call: (method, pathname, body) =>
      fetch(`${base}/api${pathname}`, { method, headers: { ...headers, cookie }, signal: AbortSignal.timeout(15_000), ...(body === undefined ? {} : { body: JSON.stringify(body) }) }),
    post: (pathname, form) => fetch(`${base}/api${pathname}`, { method: "POST", headers: { origin: base, cookie }, body: form, signal: AbortSignal.timeout(15_000) }),
    on: (other) => session(other, cookie),
  };
}

/** Signs in a reader `signUp` made (same password), e.g. on a server started again. */
export function signIn(base: string, email: string): Promise<Reader> {
  return authenticate(base, "sign-in", { email, password: PASSWORD });
}
