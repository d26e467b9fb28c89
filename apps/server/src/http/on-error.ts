import { ErrorCode, errorMessage } from "@tidings/contracts";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { storageFault } from "../db/retry.ts";
import { AppError, storageError } from "../errors.ts";
import { isRefusal } from "../lib/http/index.ts";
import type { AppEnv } from "./context.ts";

/**
 * The one place errors become responses: an {@link AppError} with its catalogue status (logged
 * when 5xx); a
 * malformed body or Hono's own errors as 1002; an address the private-network policy refused that
 * a feature let through as 16000, never a 500; the database out of reach as 19000 (503 with
 * Retry-After) and a full disk under the data as 19001 (507), also when a feature wrapped them in
 * a 500 of its own, logged as warnings without a stack;
 * anything else as a logged 500 with code 1005 and no internals in the body.
 */
export function handleError(error: Error, c: Context<AppEnv>) {
  // A feature that wrapped the failure in a 500 of its own (an upload that "could not be stored")
  // is answered with what the storage said too; not a 502-504, a failure of another service.
  const fault = !(error instanceof AppError) || error.status === 500 ? storageFault(error) : null;
  if (fault) {
    const answer = storageError(fault, error);
    c.var.log.warn({ fault, cause: describeCause(error) }, answer.message);
    return c.json(answer.toBody(), answer.status as ContentfulStatusCode, answer.headers());
  }
  if (error instanceof AppError) {
    // A failure of ours is an error; one of a service we depend on (an AI provider: 502-504) a warning.
    if (error.status === 500) c.var.log.error({ err: error }, error.message);
    else if (error.status > 500) c.var.log.warn({ err: error }, error.message);
    return c.json(error.toBody(), error.status as ContentfulStatusCode, error.headers());
  }
  if (isRefusal(error)) {
    c.var.log.warn({ err: error }, "a refused address reached the error handler");
    const host = error.refusal?.host ?? "The address";
    return c.json({ code: ErrorCode.AddressNotAllowed, message: errorMessage(ErrorCode.AddressNotAllowed), reason: `${host} is not reached for you from this server` }, 403);
  }
  if (error instanceof HTTPException && error.status < 500) {
    return c.json(
      { code: ErrorCode.InvalidParameter, message: errorMessage(ErrorCode.InvalidParameter), reason: error.message },
      error.status,
    );
  }
  c.var.log.error({ err: error }, "unhandled error");
  return c.json(
    { code: ErrorCode.InternalError, message: errorMessage(ErrorCode.InternalError), reason: `request id ${c.var.requestId}` },
    500,
  );
}

/** The innermost message of an error's causes (the driver's, not Drizzle's query text). */
function describeCause(error: unknown): string {
  let current = error as { message?: string; cause?: unknown };
  while (current.cause && typeof current.cause === "object") current = current.cause as typeof current;
  return current.message ?? String(error);
}
