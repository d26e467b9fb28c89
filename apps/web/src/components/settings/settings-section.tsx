import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** One settings tab: its title (`settings:tabs.<tab>`) and its content. */
export function SettingsSection({ tab, children }: { tab: string; children?: ReactNode }) {
  const { t } = useTranslation("settings");
  return (
    <section className="max-w-2xl space-y-6">
      <h2 className="text-xl font-semibold">{t(`tabs.${tab}`)}</h2>
      {children}
    </section>
  );
}
