import type { InboxSummary } from "@tidings/contracts";
import type { inboxes } from "../../db/schema/index.ts";

export type InboxRow = typeof inboxes.$inferSelect;

/** An inbox as its owner sees it (nobody else ever does): id is the handle. */
export function presentInbox(inbox: InboxRow, emailSuffix: string): InboxSummary {
  return {
    type: "inbox",
    id: inbox.handle,
    title: inbox.title,
    description: inbox.description,
    image: inbox.image,
    secret: inbox.secret,
    ownerUserId: inbox.ownerUserId,
    email: `${inbox.handle}${emailSuffix}`,
  };
}
