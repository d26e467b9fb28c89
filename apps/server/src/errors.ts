import { type ApiErrorBody, ErrorCode, errorMessage, errorStatus } from "@tidings/contracts";

/**
 * The one error type of the server. Services throw it; `app.onError` turns it into the
 * `{code, message, reason?}` body with the catalogue's HTTP status.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** Shown to the user as a secondary, copyable explanation. */
  readonly reason: string | undefined;
  /** Sent as `Retry-After` (seconds): when a refused request may be tried again (a limit, an outage). */
  readonly retryAfterSeconds: number | undefined;

  constructor(code: ErrorCode, options: { reason?: string; message?: string; status?: number; cause?: unknown; retryAfterSeconds?: number } = {}) {
    super(options.message ?? errorMessage(code), { cause: options.cause });
    this.name = "AppError";
    this.code = code;
    this.status = options.status ?? errorStatus(code);
    this.reason = options.reason;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  /** The answer's headers: `Retry-After` when the error says when to try again. */
  headers(): Record<string, string> | undefined {
    return this.retryAfterSeconds === undefined ? undefined : { "Retry-After": String(Math.max(1, Math.ceil(this.retryAfterSeconds))) };
  }

  toBody(): ApiErrorBody {
    return this.reason === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, reason: this.reason };
  }
}

/** How long a client waits before it tries again after a 19000 (the database is away). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * The answer to a failure of the data's storage: 19000 (503) while the database cannot be
 * reached, 19001 (507) when the disk under it is full. Nothing was written in either case.
 */
export function storageError(fault: "unavailable" | "full", cause: unknown): AppError {
  return fault === "unavailable"
    ? new AppError(ErrorCode.DatabaseUnavailable, { cause, retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS, reason: "The database cannot be reached; nothing was saved. Try again in a few seconds." })
    : new AppError(ErrorCode.StorageFull, { cause, reason: "The disk under the server's data is full; nothing was saved. Reading still works." });
}
