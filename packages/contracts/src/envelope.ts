import type { ErrorCode } from "./errors.ts";

/** A successful product API answer: `{code: 0, data}` (spec §7, facts §2.0). */
export interface ApiSuccess<T> {
  code: 0;
  data: T;
}

/** A failed product API answer, sent with a non-2xx status. */
export interface ApiErrorBody {
  code: ErrorCode;
  message: string;
  /** A secondary, copyable explanation: which field was wrong, what the upstream said. */
  reason?: string;
}

/** Type guard for an error body parsed from any response. */
export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { code?: unknown }).code === "number" &&
    (value as { code: number }).code !== 0 &&
    typeof (value as { message?: unknown }).message === "string"
  );
}
