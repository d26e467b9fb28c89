import type { Mailer } from "./mail-types.ts";
import type { createMailer } from "./mailer.ts";

/**
 * The mailer, loaded on the first message: nodemailer (~5 MB of heap) is not needed until an
 * instance sends mail, which many never do.
 */
export function lazyMailer(options: Parameters<typeof createMailer>[0]): Mailer {
  let mailer: Promise<Mailer> | null = null;
  return {
    send(message) {
      mailer ??= import("./mailer.ts").then((module) => module.createMailer(options));
      return mailer.then(
        (loaded) => loaded.send(message),
        (error: unknown) => {
          mailer = null;
          throw error;
        },
      );
    },
  };
}
