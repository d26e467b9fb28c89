import type { LucideIcon } from "lucide-react";
import { INTEGRATION_SERVICES, type IntegrationId } from "./services.ts";

/** The entry action of each service, as the `toolbarOrder` setting stores it. */
export const INTEGRATION_ACTION_IDS = [
  "saveToEagle",
  "saveToReadwise",
  "saveToInstapaper",
  "saveToObsidian",
  "saveToOutline",
  "saveToReadeck",
  "saveToCubox",
  "saveToZotero",
  "saveToOmnivore",
  "saveToWallabag",
] as const satisfies readonly `saveTo${Capitalize<IntegrationId>}`[];

export type IntegrationActionId = (typeof INTEGRATION_ACTION_IDS)[number];

/** The action id of a service: `readwise` → `saveToReadwise`. */
export const integrationActionId = (id: IntegrationId): IntegrationActionId => `saveTo${id[0]!.toUpperCase()}${id.slice(1)}` as IntegrationActionId;

/** The app-namespace label key of a service's action ("Save to Readwise"). */
export const integrationActionLabel = (id: IntegrationId) => `integrations.save_to.${id}`;

/** The same value for every integration action (menu groups and the like). */
export function integrationActionRecord<T>(value: T): Record<IntegrationActionId, T> {
  return Object.fromEntries(INTEGRATION_ACTION_IDS.map((id) => [id, value])) as Record<IntegrationActionId, T>;
}

/** How each integration action is named and drawn with no entry at hand (the customise dialog). */
export const INTEGRATION_ACTION_META = Object.fromEntries(
  INTEGRATION_SERVICES.map((service) => [integrationActionId(service.id), { icon: service.icon, label: integrationActionLabel(service.id) }]),
) as Record<IntegrationActionId, { icon: LucideIcon; label: string }>;
