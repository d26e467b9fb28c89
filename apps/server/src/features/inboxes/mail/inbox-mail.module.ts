import type { Deps } from "../../../deps.ts";
import { createFiles } from "../../files/files.module.ts";
import type { InboxEntriesService } from "../inbox-entries.service.ts";
import { createInboxMailService, type InboxMailService } from "./inbox-mail.service.ts";

/**
 * Inbox mail over the shared deps (`entries` from inboxes.module.ts's createInboxEntries), for POST
 * /inboxes/email and the SMTP receiver the composition root starts. Both count messages in
 * `deps.inboxMailLimit`.
 */
export function createInboxMail(deps: Deps, entries: InboxEntriesService): InboxMailService {
  const { config } = deps;
  return createInboxMailService({
    inboxes: deps.inboxesRepo,
    entries,
    files: createFiles(deps),
    limit: deps.inboxMailLimit,
    perHour: config.inbox.mailPerHour,
    ids: deps.ids,
    clock: deps.clock,
    logger: deps.logger.child({ module: "inbox-mail" }),
    emailSuffix: config.inbox.emailSuffix,
    maxBytes: config.inbox.mailMaxBytes,
  });
}
