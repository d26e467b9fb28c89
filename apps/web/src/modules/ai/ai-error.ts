import i18next from "i18next";
import { ApiError, errorText } from "../../lib/api-client.ts";

/** The text of a failed AI call (spec §8: the translation of its code, else the server's words) and the provider's reason. */
export function aiErrorText(error: unknown): { message: string; reason: string | undefined } {
  const message = errorText(error, (code) => (i18next.exists(`errors:${code}`) ? i18next.t(`errors:${code}`) : undefined));
  return { message, reason: error instanceof ApiError ? error.reason : undefined };
}
