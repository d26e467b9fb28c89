import { type EnvOf, type EnvShape, integer } from "../../config/parsers.ts";

export const integrationsEnv = {
  INTEGRATION_SAVES_PER_HOUR: integer("INTEGRATION_SAVES_PER_HOUR", 300, 0, 1_000_000),
} satisfies EnvShape;

/** "Save to …" integrations: the saves one reader may make per hour (0: no limit). */
export interface IntegrationsConfig {
  readonly savesPerHour: number;
}

export function integrationsConfig(e: EnvOf<typeof integrationsEnv>): IntegrationsConfig {
  return Object.freeze({ savesPerHour: e.INTEGRATION_SAVES_PER_HOUR });
}
