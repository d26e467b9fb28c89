export { createIntegrationsModule, type IntegrationsPorts } from "./integrations.module.ts";
export { type IntegrationsConfig, integrationsConfig, integrationsEnv } from "./integrations.config.ts";
