import { onFirstUse } from "../on-first-use.ts";
import type { Mailer } from "./mail-types.ts";
import type { createMailer } from "./mailer.ts";

/**
 * The mailer, loaded on the first message: nodemailer (~5 MB of heap) is not needed until an
 * instance sends mail, which many never do.
 */
export function lazyMailer(options: Parameters<typeof createMailer>[0]): Mailer {
  const mailer = onFirstUse(() => import("./mailer.ts").then((module) => module.createMailer(options)));
  return { send: async (message) => (await mailer()).send(message) };
}
