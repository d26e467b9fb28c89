import type { LucideIcon } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { appEnv } from "../../lib/env.ts";
import { useEntries } from "../../store/entries.store.ts";
import { integrationActionId, integrationActionLabel, type IntegrationActionId } from "./action-ids.ts";
import { startIntegrationSync } from "./integration-sync.ts";
import { useIntegrationSettings } from "./integration.store.ts";
import { saveEntryTo } from "./save-entry.ts";
import { useSaving } from "./saving.store.ts";
import { INTEGRATION_SERVICES, isIntegrationReady } from "./services.ts";

/** One "Save to …" action, shaped as the entry actions are. */
export interface IntegrationAction {
  label: string;
  icon: LucideIcon;
  /** Not switched on, not configured, not on this platform, or the entry has no link to save. */
  hidden: boolean;
  busy: boolean;
  run: () => void;
}

/**
 * The "Save to …" actions of an entry, one per service: shown (in the "more" menu unless pinned)
 * when the service is on and configured.
 */
export function useIntegrationActions(entryId: string): Record<IntegrationActionId, IntegrationAction> {
  const { t } = useTranslation("app");
  const settings = useIntegrationSettings();
  const hasLink = useEntries((state) => Boolean(state.byId[entryId]?.entry.url));
  const saving = useSaving((state) => state[entryId]);
  useEffect(() => startIntegrationSync(), []);
  return Object.fromEntries(
    INTEGRATION_SERVICES.map((service) => [
      integrationActionId(service.id),
      {
        label: t(integrationActionLabel(service.id)),
        icon: service.icon,
        // Every server service but Outline (a document of the text) saves the entry's link.
        hidden: !isIntegrationReady(service, settings, appEnv.isDesktop) || (Boolean(service.server) && service.id !== "outline" && !hasLink),
        busy: saving?.includes(service.id) ?? false,
        run: () => void saveEntryTo(service.id, entryId),
      },
    ]),
  ) as Record<IntegrationActionId, IntegrationAction>;
}

/** The integration actions that cannot run now (service off or unconfigured): the customise dialog leaves them out. */
export function useUnavailableIntegrationActions(): ReadonlySet<string> {
  const settings = useIntegrationSettings();
  return new Set(INTEGRATION_SERVICES.filter((service) => !isIntegrationReady(service, settings, appEnv.isDesktop)).map((service) => integrationActionId(service.id)));
}
