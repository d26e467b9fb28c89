import { useId } from "react";
import { useTranslation } from "react-i18next";
import { appEnv } from "../../../lib/env.ts";
import { SettingGroup, SettingRow, SwitchControl } from "../setting-controls.tsx";
import { SettingsSection } from "../settings-section.tsx";
import { INTEGRATION_SERVICES, type IntegrationService, SERVICE_NAMES } from "./integration-services.ts";
import { setIntegration, useIntegrationSettings } from "./integration.store.ts";

const INPUT = "w-64 shrink-0 rounded-lg border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-900";

function Field({ field }: { field: IntegrationService["fields"][number] }) {
  const { t } = useTranslation("settings");
  const id = useId();
  const value = useIntegrationSettings((state) => state[field.key]);
  const title = t(`integration.${field.key}`);
  if (field.kind === "switch") {
    return (
      <SettingRow title={title} htmlFor={id}>
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
        value={value as string}
        onChange={(event) => setIntegration({ [field.key]: event.target.value })}
      />
    </SettingRow>
  );
}

function Service({ service }: { service: IntegrationService }) {
  const { t } = useTranslation("settings");
  const enabled = useIntegrationSettings((state) => state[service.enable]) as boolean;
  const name = SERVICE_NAMES[service.id] ?? service.id;
  return (
    <SettingGroup title={name}>
      <SettingRow title={t("integration.enable", { name })} description={t(`integration.${service.id}_description`)}>
        <SwitchControl checked={enabled} label={t("integration.enable", { name })} onChange={(checked) => setIntegration({ [service.enable]: checked })} />
      </SettingRow>
      {enabled ? service.fields.map((field) => <Field key={field.key} field={field} />) : null}
    </SettingGroup>
  );
}

/** Settings → Integration: "save to …" services; what is typed here stays on this device. */
export function IntegrationSettings() {
  const { t } = useTranslation("settings");
  const summary = useIntegrationSettings((state) => state.saveSummaryAsDescription);
  return (
    <SettingsSection tab="integration">
      <p className="text-sm text-zinc-500">{t("integration.local_only")}</p>
      <SettingGroup title={t("integration.group_general")}>
        <SettingRow title={t("integration.saveSummaryAsDescription")} description={t("integration.saveSummaryAsDescription_description")}>
          <SwitchControl checked={summary} label={t("integration.saveSummaryAsDescription")} onChange={(checked) => setIntegration({ saveSummaryAsDescription: checked })} />
        </SettingRow>
      </SettingGroup>
      {INTEGRATION_SERVICES.filter((service) => appEnv.isElectron || !service.desktopOnly).map((service) => (
        <Service key={service.id} service={service} />
      ))}
    </SettingsSection>
  );
}
