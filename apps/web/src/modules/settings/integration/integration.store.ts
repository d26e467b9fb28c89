// The integration settings live with the integrations module, which saves with them; the
// settings screens reach them here.
export { INTEGRATION_DEFAULTS, type IntegrationSettings, setIntegration, useIntegrationSettings } from "../../integrations/index.ts";
