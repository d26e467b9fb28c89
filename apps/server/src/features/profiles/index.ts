// Profiles, synced settings and the client's configuration.
export { createProfilesModule, type ProfilesPorts } from "./profiles.module.ts";
export { type TelemetryConfig, telemetryConfig, telemetryEnv } from "./telemetry.config.ts";
export { presentPublicUser, type UserRow } from "./user.presenter.ts";
