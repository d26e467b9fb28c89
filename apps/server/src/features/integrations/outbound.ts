import { ErrorCode } from "@tidings/contracts";
import { AppError } from "../../errors.ts";

/** One request a client sends to its service, built by a pure function and asserted by tests. */
export interface OutboundRequest {
  url: string;
  method: "GET" | "POST";
  headers: Record<string, string>;
  body?: string | Uint8Array;
}

/** The service's answer, whatever its status; header names are lower-case. */
export interface ServiceAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends one request through the server's guarded HTTP client; transport failures are AppErrors. */
export type Send = (request: OutboundRequest) => Promise<ServiceAnswer>;

/** What a save gives back: a link to the saved item, when the service has one. */
export interface SaveOutcome {
  url?: string;
}

/** A POST of a JSON body. */
export function postJson(url: string, body: unknown, headers: Record<string, string> = {}): OutboundRequest {
  return { url, method: "POST", headers: { ...headers, "content-type": "application/json", accept: "application/json" }, body: JSON.stringify(body) };
}

/** A POST of an `application/x-www-form-urlencoded` body (fields in the given order). */
export function postForm(url: string, fields: Record<string, string>, headers: Record<string, string> = {}): OutboundRequest {
  return {
    url,
    method: "POST",
    headers: { ...headers, "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
    body: new URLSearchParams(fields).toString(),
  };
}

/** `base` without trailing slashes, then `path`. */
export function join(base: string, path: string): string {
  return `${base.replace(/\/+$/, "")}${path}`;
}

/** The answer's body as JSON, or undefined when it is not JSON. */
export function jsonOf(answer: ServiceAnswer): unknown {
  try {
    return answer.body ? (JSON.parse(answer.body) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

/** A property of an unknown value, when it is an object. */
export function field(value: unknown, key: string): unknown {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

/** A non-empty string property, trimmed. */
export function text(value: unknown, key: string): string | undefined {
  const found = field(value, key);
  return typeof found === "string" && found.trim() ? found.trim() : undefined;
}

const MAX_MESSAGE = 300;

/**
 * A save the service refused: its own words as the message (cut to a readable length), the
 * service and HTTP status as the reason.
 */
export function refused(service: string, message: string, status?: number): AppError {
  const words = message.replace(/\s+/g, " ").trim() || "The service refused the save";
  return new AppError(ErrorCode.IntegrationFailed, {
    message: words.length > MAX_MESSAGE ? `${words.slice(0, MAX_MESSAGE - 1)}…` : words,
    reason: status === undefined ? service : `${service} answered HTTP ${status}`,
  });
}

/** The answer's plain-text body when it is short text rather than a page, for services that answer errors in text. */
export function plainText(answer: ServiceAnswer): string | undefined {
  const body = answer.body.trim();
  if (!body || body.startsWith("<") || body.length > 1000) return undefined;
  return body;
}

/** True for a 2xx status. */
export const isSuccess = (answer: ServiceAnswer) => answer.status >= 200 && answer.status < 300;
