import { useQuery } from "@tanstack/react-query";
import { mayUsePrivateNetworks } from "@tidings/contracts";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { SwitchControl } from "../../components/settings/setting-controls.tsx";
import { SettingGroup, SettingRow } from "../../components/settings/setting-row.tsx";
import { SettingsSection } from "../../components/settings/settings-section.tsx";
import { appEnv } from "../../lib/env.ts";
import { sessionQuery } from "../../queries/session.ts";
import { statusConfigsQuery } from "../../queries/status.ts";
import { toastError } from "../toast/index.ts";
import { refreshIntegrations, setIntegrationSync } from "./integration-sync.ts";
import { setIntegration, useIntegrationSettings } from "./integration.store.ts";
import { INTEGRATION_SERVICES, type IntegrationField, type IntegrationService } from "./services.ts";

const INPUT = "w-64 shrink-0 rounded-lg border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-900";

function Field({ field }: { field: IntegrationField }) {
  const { t } = useTranslation("settings");
  const id = useId();
  const value = useIntegrationSettings((state) => state[field.key]);
  const title = t(`integration.${field.label ?? field.key}`);
  if (field.kind === "switch") {
    const description = field.label === "allowPrivate" ? t("integration.allowPrivate_description") : undefined;
    return (
      <SettingRow title={title} htmlFor={id} {...(description ? { description } : {})}>
        <SwitchControl id={id} checked={value as boolean} label={title} onChange={(checked) => setIntegration({ [field.key]: checked })} />
      </SettingRow>
    );
  }
  return (
    <SettingRow title={title} htmlFor={id}>
      <input
        id={id}
        className={INPUT}
        type={field.kind === "secret" ? "password" : field.kind === "url" ? "url" : "text"}
        autoComplete={field.kind === "secret" ? "new-password" : "off"}
        placeholder={field.placeholder}
        value={value as string}
        onChange={(event) => setIntegration({ [field.key]: event.target.value })}
      />
    </SettingRow>
  );
}

/**
 * Whether the server would reach the reader's services on its own network: the LAN switches show
 * only then (PRIVATE_NETWORKS_FOR: the administrators by default).
 */
function useMayUsePrivateNetworks(): boolean {
  const configs = useQuery(statusConfigsQuery).data;
  const session = useQuery(sessionQuery).data;
  return mayUsePrivateNetworks(configs?.PRIVATE_NETWORKS_FOR, session?.user);
}

function Service({ service }: { service: IntegrationService }) {
  const { t } = useTranslation("settings");
  const enabled = useIntegrationSettings((state) => state[service.enable]);
  const lan = useMayUsePrivateNetworks();
  const { name } = service;
  const fields = service.fields.filter((field) => (appEnv.isDesktop || !field.desktopOnly) && (lan || field.label !== "allowPrivate"));
  return (
    <SettingGroup title={name}>
      <SettingRow title={t("integration.enable", { name })} description={t(`integration.${service.id}_description`)}>
        <SwitchControl checked={enabled} label={t("integration.enable", { name })} onChange={(checked) => setIntegration({ [service.enable]: checked })} />
      </SettingRow>
      {enabled ? fields.map((field) => <Field key={field.key} field={field} />) : null}
      {enabled && service.id === "obsidian" && !appEnv.isDesktop ? <p className="py-2 text-xs text-zinc-500">{t("integration.obsidian_web_hint")}</p> : null}
    </SettingGroup>
  );
}

/** The sync switch: off keeps everything on this device; on keeps a sealed copy on the server. */
function SyncRow() {
  const { t } = useTranslation("settings");
  const on = useIntegrationSettings((state) => state.syncIntegrations);
  const [busy, setBusy] = useState(false);
  const change = (checked: boolean) => {
    setBusy(true);
    setIntegrationSync(checked)
      .catch((error: unknown) => toastError(error))
      .finally(() => setBusy(false));
  };
  return (
    <SettingRow title={t("integration.syncIntegrations")} description={t("integration.syncIntegrations_description")}>
      <SwitchControl checked={on} disabled={busy} label={t("integration.syncIntegrations")} onChange={change} />
    </SettingRow>
  );
}

/** Settings → Integration: "save to …" services, their tokens (on this device unless synced). */
export function IntegrationSettings() {
  const { t } = useTranslation("settings");
  const summary = useIntegrationSettings((state) => state.saveSummaryAsDescription);
  // Opening the page shows what another device changed since.
  useEffect(() => refreshIntegrations(), []);
  return (
    <SettingsSection tab="integration">
      <p className="text-sm text-zinc-500">{t("integration.local_only")}</p>
      <SettingGroup title={t("integration.group_general")}>
        <SettingRow title={t("integration.saveSummaryAsDescription")} description={t("integration.saveSummaryAsDescription_description")}>
          <SwitchControl checked={summary} label={t("integration.saveSummaryAsDescription")} onChange={(checked) => setIntegration({ saveSummaryAsDescription: checked })} />
        </SettingRow>
        <SyncRow />
      </SettingGroup>
      {INTEGRATION_SERVICES.filter((service) => appEnv.isDesktop || !service.desktopOnly).map((service) => (
        <Service key={service.id} service={service} />
      ))}
    </SettingsSection>
  );
}
