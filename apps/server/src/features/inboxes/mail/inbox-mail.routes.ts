import { ErrorCode } from "@tidings/contracts";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { AppError } from "../../../errors.ts";
import type { AppEnv } from "../../../http/context.ts";
import { tooManyRequests } from "../../../http/rate-limits.ts";
import { ok } from "../../../http/respond.ts";
import { describeIssues } from "../../../http/validate.ts";
import { formatSize } from "../../files/index.ts";
import type { InboxMailService } from "./inbox-mail.service.ts";
import { workerMailSchema, workerMailToMessage } from "./worker-mail.ts";

/**
 * POST /inboxes/email (public: the inbox's secret authenticates, as for the webhook): a message
 * from an external mail worker, either the JSON of facts §2.8 (the inbox from `X-Follow-Handle`
 * or `to.address`) or the raw RFC 822 message (`message/rfc822`, the inbox from `X-Follow-Handle`).
 * It is stored as SMTP mail is; the same message again answers the same entry.
 */
export function inboxMailRoutes(deps: { mail: InboxMailService }) {
  const { mail } = deps;
  const tooLarge = () => new AppError(ErrorCode.FileTooLarge, { reason: `A message must be smaller than ${formatSize(mail.maxBytes)}` });
  return new Hono<AppEnv>().post(
    "/inboxes/email",
    bodyLimit({
      maxSize: mail.maxBytes,
      onError: () => {
        throw tooLarge();
      },
    }),
    async (c) => {
      const handle = c.req.header("X-Follow-Handle");
      const secret = c.req.header("X-Follow-Secret");
      if (!c.req.header("content-type")?.startsWith("application/json")) {
        // The secret is checked before the body is read, as for the webhook.
        const inbox = await mail.authenticate(handle, secret);
        const wait = await mail.admit(inbox);
        if (wait > 0) return tooManyRequests(c, wait, { reason: mail.refusal(wait) });
        const raw = Buffer.from(await c.req.arrayBuffer());
        if (raw.byteLength === 0) throw new AppError(ErrorCode.InvalidParameter, { reason: "Send the message as the body (message/rfc822)" });
        const [delivery] = await mail.deliverRaw([inbox], raw);
        return ok(c, { id: delivery!.id });
      }
      const parsed = workerMailSchema.safeParse(await c.req.json().catch(() => undefined));
      if (!parsed.success) throw new AppError(ErrorCode.InvalidParameter, { reason: describeIssues(parsed.error.issues) });
      const to = parsed.data.to?.address;
      const inbox = await mail.authenticate(handle ?? (to ? (mail.handleOf(to) ?? undefined) : undefined), secret);
      const wait = await mail.admit(inbox);
      if (wait > 0) return tooManyRequests(c, wait, { reason: mail.refusal(wait) });
      const [delivery] = await mail.deliver([inbox], workerMailToMessage(parsed.data));
      return ok(c, { id: delivery!.id });
    },
  );
}
