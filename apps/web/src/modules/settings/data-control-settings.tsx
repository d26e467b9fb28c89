import * as Switch from "@radix-ui/react-switch";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { SettingsSection } from "../../components/settings/settings-section.tsx";
import { exportLocalDatabaseFile } from "../../db/export.ts";
import { resetLocalData } from "../../lib/reset.ts";
import { settingsActions, useSettings } from "../../store/settings.store.ts";
import { OpmlSettings } from "../opml/index.ts";
import { toastError } from "../toast/index.ts";

function Row(props: { title: string; description: string; children: React.ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4 py-3">
      <div>
        <p className="text-sm font-medium">{props.title}</p>
        <p className="text-xs text-zinc-500">{props.description}</p>
      </div>
      {props.children}
    </div>
  );
}

const BUTTON = "shrink-0 rounded-lg border border-zinc-300 px-3 py-1.5 text-sm hover:bg-zinc-50 disabled:opacity-50 dark:border-zinc-700 dark:hover:bg-zinc-800";

/** Settings → Data control: keep data on this device or not, export it, reset it. */
export function DataControlSettings() {
  const { t } = useTranslation("settings");
  const persist = useSettings((state) => state.general.dataPersist);
  const [exporting, setExporting] = useState(false);

  const download = async () => {
    setExporting(true);
    try {
      const { name, blob } = await exportLocalDatabaseFile();
      const url = URL.createObjectURL(blob);
      const link = Object.assign(document.createElement("a"), { href: url, download: name });
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      toastError(error);
    } finally {
      setExporting(false);
    }
  };

  return (
    <SettingsSection tab="data-control">
      <div className="divide-y divide-zinc-100 dark:divide-zinc-800">
        <Row title={t("data_control.persist_title")} description={t("data_control.persist_description")}>
          <Switch.Root
            checked={persist}
            onCheckedChange={(dataPersist) => settingsActions.setGeneral({ dataPersist })}
            aria-label={t("data_control.persist_title")}
            className="relative h-5 w-9 shrink-0 rounded-full bg-zinc-300 transition-colors data-[state=checked]:bg-orange-500 dark:bg-zinc-700"
          >
            <Switch.Thumb className="block size-4 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[18px]" />
          </Switch.Root>
        </Row>
        <Row title={t("data_control.export_title")} description={t("data_control.export_description")}>
          <button type="button" className={BUTTON} disabled={exporting} aria-busy={exporting || undefined} onClick={() => void download()}>
            {t("data_control.export_button")}
          </button>
        </Row>
        <Row title={t("data_control.reset_title")} description={t("data_control.reset_description")}>
          <button
            type="button"
            className="shrink-0 rounded-lg border border-red-300 px-3 py-1.5 text-sm text-red-600 hover:bg-red-50 dark:border-red-900 dark:hover:bg-red-950"
            onClick={async () => {
              await resetLocalData({ keepPreferences: true });
              window.location.reload();
            }}
          >
            {t("data_control.reset_button")}
          </button>
        </Row>
      </div>
      <OpmlSettings />
    </SettingsSection>
  );
}
