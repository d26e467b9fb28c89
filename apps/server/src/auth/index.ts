// Sign-in and sessions: what the composition root and the app use.
export { type AuthConfig, authConfig, authEnv } from "./auth.config.ts";
export { type AuthModule, type AuthPorts, createAuthModule } from "./auth.module.ts";
export type { Auth } from "./auth.ts";
