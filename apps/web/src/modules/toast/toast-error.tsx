import { ErrorCode, isActivationError } from "@tidings/contracts";
import i18next from "i18next";
import { toast } from "sonner";
import { ApiError, errorText } from "../../lib/api-client.ts";
import { openActivationDialog } from "../auth/index.ts";
import { CopyableReason } from "./copyable-reason.tsx";

export const ERROR_TOAST_MS = 5000;
export const ACTIVATION_TOAST_MS = 100_000;

const SILENT_CODES: ReadonlySet<number> = new Set([ErrorCode.InvalidTwoFactorCode, ErrorCode.TwoFactorCodeRequired]);

function translateCode(code: number): string | undefined {
  const key = `errors:${code}`;
  return i18next.exists(key) ? i18next.t(key) : undefined;
}

/**
 * Shows an error the way spec §8 asks: the translated message of its code (or the server's
 * message), its reason as a copyable second line, 5 s; trial limits (11xx) for 100 s with an
 * Activate button; two-factor codes (4007, 4008) silently, since a form handles them.
 */
export function toastError(error: unknown): void {
  const code = error instanceof ApiError ? error.code : undefined;
  if (code !== undefined && SILENT_CODES.has(code)) return;
  const message = errorText(error, translateCode);
  if (code !== undefined && isActivationError(code)) {
    toast.error(message, {
      duration: ACTIVATION_TOAST_MS,
      action: { label: i18next.t("activate"), onClick: openActivationDialog },
    });
    return;
  }
  const reason = error instanceof ApiError ? error.reason : undefined;
  toast.error(message, {
    duration: ERROR_TOAST_MS,
    ...(reason ? { description: <CopyableReason text={reason} /> } : {}),
  });
}
