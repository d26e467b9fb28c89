import i18next from "i18next";
import { errorText } from "../../lib/api-client.ts";

/** An error as a form shows it: the translated message of its code, else the server's or its own. */
export function formErrorText(error: unknown): string {
  return errorText(error, (code) => (i18next.exists(`errors:${code}`) ? i18next.t(`errors:${code}`) : undefined));
}
