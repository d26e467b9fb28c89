import { z } from "zod";
import { type EnvOf, type EnvShape, integer } from "../../config/parsers.ts";

export const rsshubEnv = {
  RSSHUB_ACCESS_KEY: z.string().trim().max(500).optional(),
  RSSHUB_CHECK_MINUTES: integer("RSSHUB_CHECK_MINUTES", 10, 1, 24 * 60),
} satisfies EnvShape;

/** RSSHub instances: the server's default (RSSHUB_URL, a fetch setting) and the ones readers add. */
export interface RsshubConfig {
  /** The default instance's ACCESS_KEY, sent as RSSHub expects (`?key=`); null when it has none. */
  readonly accessKey: string | null;
  /** Minutes between two health checks of an instance. */
  readonly checkMinutes: number;
}

export function rsshubConfig(e: EnvOf<typeof rsshubEnv>): RsshubConfig {
  return Object.freeze({ accessKey: e.RSSHUB_ACCESS_KEY || null, checkMinutes: e.RSSHUB_CHECK_MINUTES });
}
