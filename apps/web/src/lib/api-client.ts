import { type ApiErrorBody, type ErrorCode, PRODUCT, errorMessage, isApiErrorBody, isErrorCode } from "@tidings/contracts";
import { connectivity } from "./connectivity.ts";

/**
 * A failed API call. `status` is the HTTP status (undefined when the request never got an
 * answer); `code`, `message` and `reason` come from the error body when there was one.
 */
export class ApiError extends Error {
  readonly status: number | undefined;
  readonly code: ErrorCode | undefined;
  readonly reason: string | undefined;
  readonly url: string;
  readonly method: string;
  /** The server's `Retry-After` in milliseconds (a limit, the database away: 429, 503), when it said one. */
  readonly retryAfterMs: number | undefined;

  constructor(init: { method: string; url: string; status?: number; statusText?: string; body?: ApiErrorBody; cause?: unknown; retryAfter?: string | null }) {
    const fallback = init.status === undefined ? "Network Error" : `${init.status} ${init.statusText ?? ""}`.trim();
    super(init.body?.message ?? fallback, { cause: init.cause });
    this.name = "ApiError";
    this.status = init.status;
    this.code = init.body && isErrorCode(init.body.code) ? init.body.code : undefined;
    this.reason = init.body?.reason;
    this.url = init.url;
    this.method = init.method;
    const seconds = init.retryAfter ? Number(init.retryAfter) : Number.NaN;
    this.retryAfterMs = Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : undefined;
  }
}

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  json?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
}

function buildUrl(path: string, query: RequestOptions["query"]): string {
  const url = new URL(path.startsWith("/") ? path : `/api/${path}`, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
  }
  return url.pathname + url.search;
}

/** Sends a request to the product API as the app does (its headers, the session cookie). */
async function request(path: string, options: RequestOptions): Promise<{ response: Response; method: string; url: string }> {
  const method = options.method ?? (options.json === undefined ? "GET" : "POST");
  const url = buildUrl(path, options.query);
  const headers: Record<string, string> = { "X-App-Version": PRODUCT.version, "X-App-Name": `${PRODUCT.name} Web` };
  if (options.json !== undefined) headers["Content-Type"] = "application/json";
  try {
    const response = await fetch(url, {
      method,
      headers,
      credentials: "include",
      ...(options.json !== undefined ? { body: JSON.stringify(options.json) } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    return { response, method, url };
  } catch (cause) {
    if (!(cause instanceof DOMException && cause.name === "AbortError")) connectivity.reportFailure();
    throw new ApiError({ method, url, cause });
  }
}

const parseJson = (text: string): unknown => {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
};

function failure(response: Response, method: string, url: string, body: unknown): ApiError {
  return new ApiError({
    method,
    url,
    status: response.status,
    statusText: response.statusText,
    retryAfter: response.headers.get("retry-after"),
    ...(isApiErrorBody(body) ? { body } : {}),
  });
}

/** Sends a request to the product API and answers its body; failures throw an {@link ApiError}. */
async function send(path: string, options: RequestOptions): Promise<unknown> {
  const { response, method, url } = await request(path, options);
  const text = await response.text();
  const body = parseJson(text);
  connectivity.reportResponse(response.status, text.length > 0);
  if (!response.ok) throw failure(response, method, url, body);
  return body;
}

/**
 * Sends a request to the product API and answers the response itself, unread, for bodies that are
 * not a JSON envelope (an event stream, audio). Error answers still throw an {@link ApiError}.
 */
export async function apiResponse(path: string, options: RequestOptions = {}): Promise<Response> {
  const { response, method, url } = await request(path, options);
  if (response.ok) {
    connectivity.reportResponse(response.status, true);
    return response;
  }
  const text = await response.text();
  connectivity.reportResponse(response.status, text.length > 0);
  throw failure(response, method, url, parseJson(text));
}

/**
 * Sends a request to the product API and answers the `data` of `{code: 0, data}`. Failures throw
 * an {@link ApiError}. The request layer never retries (spec §7); queries decide that.
 */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return ((await send(path, options)) as { data: T } | undefined)?.data as T;
}

/** A page of a paged list: its `data` and the cursor of the next page (null after the last). */
export async function apiPage<T>(path: string, options: RequestOptions = {}): Promise<{ data: T; nextCursor: string | null }> {
  const body = (await send(path, options)) as { data: T; nextCursor?: string | null } | undefined;
  return { data: body?.data as T, nextCursor: body?.nextCursor ?? null };
}

/**
 * The text to show for an error: the message of its code when the catalogue has one, else the
 * server's message, else the error's own (spec §8).
 */
export function errorText(error: unknown, translate?: (code: ErrorCode) => string | undefined): string {
  if (error instanceof ApiError && error.code !== undefined) {
    return translate?.(error.code) ?? errorMessage(error.code);
  }
  if (error instanceof Error) return error.message;
  return String(error);
}
