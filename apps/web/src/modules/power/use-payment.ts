import { ErrorCode } from "@tidings/contracts";
import { useCallback, useRef, useState } from "react";
import { ApiError } from "../../lib/api-client.ts";
import type { PaymentGuard } from "./power-api.ts";

/** A fresh idempotency key: one per payment attempt. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

export const isErrorCode = (error: unknown, code: ErrorCode): boolean => error instanceof ApiError && error.code === code;

/**
 * Whether the same attempt may still go through after this failure, so a retry must carry the
 * same key: a two-factor prompt (nothing was paid yet), or no answer or a server error (maybe it
 * was). Any other refusal is final, and the next try is a new attempt.
 */
function sameAttemptGoesOn(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  if (error.code === ErrorCode.TwoFactorCodeRequired || error.code === ErrorCode.InvalidTwoFactorCode) return true;
  return error.status === undefined || error.status >= 500;
}

export interface Payment<T> {
  pending: boolean;
  /** The last failure, until the next try or a change of terms. */
  error: unknown;
  /** The server asked for a TOTP code (4008): the form shows the field from then on. */
  needsCode: boolean;
  code: string;
  setCode: (code: string) => void;
  /** Sends the payment; resolves with its answer, or undefined when it failed (see `error`). */
  submit: () => Promise<T | undefined>;
  /** The terms changed (another amount): the next submit is a new attempt with a new key. */
  restart: () => void;
}

/**
 * A payment that must never go through twice (tip, boost): one idempotency key per attempt, kept
 * when the same attempt is sent again (after a TOTP prompt, a lost answer), and the TOTP code the
 * server may ask for (4008) sent along once given.
 */
export function usePayment<T>(pay: (guard: PaymentGuard) => Promise<T>): Payment<T> {
  const key = useRef<string | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [needsCode, setNeedsCode] = useState(false);
  const [code, setCode] = useState("");

  const submit = async (): Promise<T | undefined> => {
    key.current ??= newIdempotencyKey();
    const totp = code.trim();
    setPending(true);
    setError(null);
    try {
      const result = await pay({ idempotencyKey: key.current, ...(needsCode && totp ? { TOTPCode: totp } : {}) });
      key.current = null;
      return result;
    } catch (caught) {
      if (isErrorCode(caught, ErrorCode.TwoFactorCodeRequired)) setNeedsCode(true);
      if (!sameAttemptGoesOn(caught)) key.current = null;
      setError(caught);
      return undefined;
    } finally {
      setPending(false);
    }
  };

  const restart = useCallback(() => {
    key.current = null;
    setError(null);
  }, []);

  return { pending, error, needsCode, code, setCode, submit, restart };
}
