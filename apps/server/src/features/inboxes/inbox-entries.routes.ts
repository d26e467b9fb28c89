import { ErrorCode } from "@tidings/contracts";
import { Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import { AppError } from "../../errors.ts";
import type { AppEnv } from "../../http/context.ts";
import { ok } from "../../http/respond.ts";
import { idSchema, timeSchema } from "../../http/schemas.ts";
import { currentUser } from "../../http/session.ts";
import { describeIssues, validate } from "../../http/validate.ts";
import type { InboxEntriesService } from "./inbox-entries.service.ts";
import { webhookEntrySchema } from "./webhook-entry.ts";

const timelineSchema = z.object({
  inboxId: z.string().trim().min(1).max(64),
  read: z.boolean().optional(),
  limit: z.number().int().min(1).max(100).optional(),
  publishedAfter: timeSchema.optional(),
  publishedAfterId: idSchema.optional(),
  cursor: z.string().max(200).optional(),
});

/** `/inboxes/webhook` (public: the inbox's secret authenticates) and `/entries/inbox`. */
export function inboxEntryRoutes(deps: { inboxEntries: InboxEntriesService; requireUser: MiddlewareHandler<AppEnv> }) {
  const { inboxEntries, requireUser } = deps;
  return new Hono<AppEnv>()
    .post("/inboxes/webhook", async (c) => {
      // The secret is checked before the body is read: strangers learn nothing about what is valid.
      const inbox = await inboxEntries.authenticate(c.req.header("X-Follow-Handle"), c.req.header("X-Follow-Secret"));
      const parsed = webhookEntrySchema.safeParse(await c.req.json().catch(() => undefined));
      if (!parsed.success) throw new AppError(ErrorCode.InvalidParameter, { reason: describeIssues(parsed.error.issues) });
      return ok(c, await inboxEntries.receive(inbox, parsed.data));
    })
    .post("/entries/inbox", requireUser, validate("json", timelineSchema), async (c) => {
      const { items, nextCursor, remaining, total } = await inboxEntries.timeline(currentUser(c), c.req.valid("json"));
      return c.json({ code: 0 as const, data: items, nextCursor, remaining, total });
    })
    .get("/entries/inbox", requireUser, validate("query", z.object({ id: idSchema })), async (c) =>
      ok(c, await inboxEntries.get(currentUser(c), c.req.valid("query").id)),
    )
    .delete("/entries/inbox", requireUser, validate("json", z.object({ entryId: idSchema })), async (c) => {
      await inboxEntries.remove(currentUser(c), c.req.valid("json").entryId);
      return ok(c);
    });
}
