// POWER: what the composition root and other features use of it.
export { type PowerConfig, powerConfig, powerEnv } from "./power.config.ts";
export { createPowerModule, type PowerModule, type PowerPorts } from "./power.module.ts";
export type { Power } from "./power.ts";
