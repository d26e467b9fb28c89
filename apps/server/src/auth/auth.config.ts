import { z } from "zod";
import { bool, type EnvOf, type EnvShape } from "../config/parsers.ts";

export const authEnv = {
  AUTH_SECRET: z.string().min(32, { message: "AUTH_SECRET must be at least 32 characters long" }).optional(),
  INVITATIONS_REQUIRED: bool("INVITATIONS_REQUIRED", false),
} satisfies EnvShape;

export interface AuthConfig {
  /** `null` until the composition root generates or loads one from `dataDir`. */
  readonly secret: string | null;
  readonly invitationsRequired: boolean;
}

export function authConfig(e: EnvOf<typeof authEnv>): AuthConfig {
  return Object.freeze({ secret: e.AUTH_SECRET ?? null, invitationsRequired: e.INVITATIONS_REQUIRED });
}
