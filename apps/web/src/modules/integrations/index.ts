// "Save to …" integrations (spec §3 Settings → Integration, reference §6): the entry actions that
// save an entry (through the server for web services, on this computer for Eagle and Obsidian)
// and Settings → Integration, where the services are set up on this device (optionally synced,
// sealed on the server).
export { useIntegrationActions, useUnavailableIntegrationActions } from "./use-integration-actions.ts";
export { INTEGRATION_ACTION_IDS, INTEGRATION_ACTION_META, integrationActionRecord } from "./action-ids.ts";
export { integrationSettingsTab } from "./settings-tab.ts";
// The desktop shell's ways of saving on this computer.
export { EagleError, setEagleTransport } from "./eagle.ts";
export { setObsidianWriter } from "./obsidian.ts";
