import { z } from "zod";
import { type EnvOf, type EnvShape, url } from "../../config/parsers.ts";

export const mailEnv = {
  SMTP_URL: url("SMTP_URL", ["smtp:", "smtps:"]).optional(),
  MAIL_FROM: z
    .string()
    .regex(/^[^\r\n]*@[^\r\n]+$/, { message: "MAIL_FROM must be an address such as Tidings <no-reply@example.com>" })
    .optional(),
} satisfies EnvShape;

/** Outgoing mail: SMTP when `smtpUrl` is set, else .eml files in `dataDir/outbox`. */
export interface MailConfig {
  readonly smtpUrl: string | null;
  readonly from: string;
}

/** `webHost`: the host of WEB_URL, whose no-reply address sends unless MAIL_FROM names one. */
export function mailConfig(e: EnvOf<typeof mailEnv>, webHost: string): MailConfig {
  return Object.freeze({ smtpUrl: e.SMTP_URL ?? null, from: e.MAIL_FROM ?? `Tidings <no-reply@${webHost}>` });
}

/** The address of a From header: `Tidings <no-reply@example.com>` → `no-reply@example.com`. */
export function mailAddress(from: string): string {
  return (/<([^<>]+)>\s*$/.exec(from)?.[1] ?? from).trim();
}
