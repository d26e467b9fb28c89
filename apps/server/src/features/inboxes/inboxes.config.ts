import { z } from "zod";
import { type EnvOf, type EnvShape, integer } from "../../config/parsers.ts";

export const inboxesEnv = {
  INBOX_EMAIL_SUFFIX: z
    .string()
    .regex(/^@?[a-z0-9.-]+\.?[a-z0-9-]*$/i, { message: "INBOX_EMAIL_SUFFIX must be a mail domain such as @in.example.com" })
    .optional(),
  SMTP_LISTEN_PORT: integer("SMTP_LISTEN_PORT", 0, 1, 65535).transform((port) => port || null),
  SMTP_LISTEN_HOST: z
    .string()
    .regex(/^[\w.:-]+$/, { message: "SMTP_LISTEN_HOST must be a host name or an IP address" })
    .default("0.0.0.0"),
  INBOX_MAIL_MAX_BYTES: integer("INBOX_MAIL_MAX_BYTES", 10 * 1024 * 1024, 1024, 100 * 1024 * 1024),
  INBOX_MAIL_PER_HOUR: integer("INBOX_MAIL_PER_HOUR", 200, 0, 1_000_000),
} satisfies EnvShape;

export interface InboxesConfig {
  readonly emailSuffix: string;
  /** The embedded SMTP receiver of inbox mail; null (the default) leaves it off. */
  readonly smtp: { readonly port: number; readonly host: string } | null;
  /** Largest message accepted, raw (attachments included), by SMTP or POST /inboxes/email. */
  readonly mailMaxBytes: number;
  /** Messages one inbox accepts per hour, in each server process (0: no limit). */
  readonly mailPerHour: number;
}

/** `webHost`: the host of WEB_URL, the mail domain unless INBOX_EMAIL_SUFFIX names one. */
export function inboxesConfig(e: EnvOf<typeof inboxesEnv>, webHost: string): InboxesConfig {
  const suffix = e.INBOX_EMAIL_SUFFIX ?? webHost;
  return Object.freeze({
    emailSuffix: suffix.startsWith("@") ? suffix : `@${suffix}`,
    smtp: e.SMTP_LISTEN_PORT ? Object.freeze({ port: e.SMTP_LISTEN_PORT, host: e.SMTP_LISTEN_HOST }) : null,
    mailMaxBytes: e.INBOX_MAIL_MAX_BYTES,
    mailPerHour: e.INBOX_MAIL_PER_HOUR,
  });
}
