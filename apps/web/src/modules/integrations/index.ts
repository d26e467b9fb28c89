// "Save to …" integrations (spec §3 Settings → Integration, reference §6): the services, their
// settings on this device (optionally synced, sealed on the server), the entry actions and the
// saves themselves: through the server for web services, on this computer for Eagle and Obsidian.
export { useIntegrationActions, useUnavailableIntegrationActions, type IntegrationAction } from "./use-integration-actions.ts";
export { INTEGRATION_ACTION_IDS, INTEGRATION_ACTION_META, integrationActionRecord, type IntegrationActionId } from "./action-ids.ts";
export { INTEGRATION_SERVICES, isIntegrationReady, type IntegrationField, type IntegrationId, type IntegrationService } from "./services.ts";
export { INTEGRATION_DEFAULTS, type IntegrationSettings, setIntegration, useIntegrationSettings } from "./integration.store.ts";
export { pullIntegrations, refreshIntegrations, setIntegrationSync, startIntegrationSync } from "./integration-sync.ts";
export { saveEntryTo } from "./save-entry.ts";
export { type ObsidianWriter, setObsidianWriter } from "./obsidian.ts";
