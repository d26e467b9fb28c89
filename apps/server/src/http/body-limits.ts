import { ErrorCode } from "@tidings/contracts";
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { AppError } from "../errors.ts";
import type { AppEnv } from "./context.ts";

/** What a JSON or form call may send: settings (64 KB a tab), thousands of ids, a rule… */
export const DEFAULT_BODY_LIMIT_BYTES = 256 * 1024;
/** An OPML file (the subscriptions feature takes 5 MB) in a multipart form. */
const OPML_LIMIT_BYTES = 5 * 1024 * 1024 + 64 * 1024;
/** An entry pushed to an inbox's webhook, content included; reader apps' calls with many item ids. */
const LARGE_JSON_LIMIT_BYTES = 2 * 1024 * 1024;
/** A multipart form's boundaries and headers around a file. */
const MULTIPART_SLACK_BYTES = 64 * 1024;

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB` : `${Math.round(bytes / 1024)} KB`;
}

/**
 * The largest body each API route accepts: {@link DEFAULT_BODY_LIMIT_BYTES} unless the route takes
 * a file (an OPML import, an avatar, an inbox's mail) or long lists. A larger body is refused
 * before it is read, with 413: code 14001 for a file, 1002 for anything else. Routes keep their
 * own, exact limits inside (an avatar's AVATAR_MAX_BYTES, a mail's INBOX_MAIL_MAX_BYTES).
 */
export function bodyLimits(sizes: { avatarMaxBytes: number; mailMaxBytes: number }): MiddlewareHandler<AppEnv> {
  const rules: { path: RegExp; maxSize: number; file: boolean }[] = [
    { path: /^\/api\/subscriptions\/import$/, maxSize: OPML_LIMIT_BYTES, file: true },
    { path: /^\/api\/greader(?:\.php)?\/reader\/api\/0\/subscription\/import$/, maxSize: OPML_LIMIT_BYTES, file: true },
    { path: /^\/api\/upload\/avatar$/, maxSize: sizes.avatarMaxBytes + MULTIPART_SLACK_BYTES, file: true },
    { path: /^\/api\/inboxes\/email$/, maxSize: sizes.mailMaxBytes + MULTIPART_SLACK_BYTES, file: true },
    { path: /^\/api\/inboxes\/webhook$/, maxSize: LARGE_JSON_LIMIT_BYTES, file: false },
    { path: /^\/api\/greader(?:\.php)?\//, maxSize: LARGE_JSON_LIMIT_BYTES, file: false },
    { path: /^\/(?:api\/)?v1\/import$/, maxSize: OPML_LIMIT_BYTES, file: true },
    { path: /^\/(?:api\/)?v1\//, maxSize: LARGE_JSON_LIMIT_BYTES, file: false },
  ];
  const limiter = (maxSize: number, file: boolean) =>
    bodyLimit({
      maxSize,
      onError: () => {
        const reason = `The request body is larger than ${formatBytes(maxSize)}`;
        throw file ? new AppError(ErrorCode.FileTooLarge, { reason }) : new AppError(ErrorCode.InvalidParameter, { status: 413, reason });
      },
    });
  const limiters = rules.map((rule) => ({ path: rule.path, limit: limiter(rule.maxSize, rule.file) }));
  const fallback = limiter(DEFAULT_BODY_LIMIT_BYTES, false);
  return (c, next) => (limiters.find((rule) => rule.path.test(c.req.path))?.limit ?? fallback)(c, next);
}
