import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { SettingsTab } from "./settings-tabs.ts";

/** One settings tab: its title and its content. */
export function SettingsSection({ tab, children }: { tab: SettingsTab; children?: ReactNode }) {
  const { t } = useTranslation("settings");
  return (
    <section className="max-w-2xl space-y-6">
      <h2 className="text-xl font-semibold">{t(`tabs.${tab}`)}</h2>
      {children}
    </section>
  );
}
