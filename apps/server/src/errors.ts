import { type ApiErrorBody, type ErrorCode, errorMessage, errorStatus } from "@tidings/contracts";

/**
 * The one error type of the server. Services throw it; `app.onError` turns it into the
 * `{code, message, reason?}` body with the catalogue's HTTP status.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** Shown to the user as a secondary, copyable explanation. */
  readonly reason: string | undefined;

  constructor(code: ErrorCode, options: { reason?: string; message?: string; status?: number; cause?: unknown } = {}) {
    super(options.message ?? errorMessage(code), { cause: options.cause });
    this.name = "AppError";
    this.code = code;
    this.status = options.status ?? errorStatus(code);
    this.reason = options.reason;
  }

  toBody(): ApiErrorBody {
    return this.reason === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, reason: this.reason };
  }
}
