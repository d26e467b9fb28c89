import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { statusConfigsQuery } from "../../queries/status.ts";
import { usePowerConfig } from "./power-config.ts";
import { HINT } from "./styles.ts";

/** Shows `children` when the instance has POWER on, else says it is off (the page and the settings tab). */
export function PowerGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation("app");
  const status = useQuery(statusConfigsQuery);
  const { enabled } = usePowerConfig();
  if (status.isPending) return <p className={HINT}>{t("power.loading")}</p>;
  if (!enabled) {
    return (
      <p className="rounded-xl border border-dashed border-zinc-300 px-4 py-6 text-center text-sm text-zinc-500 dark:border-zinc-700" data-testid="power-off">
        {t("power.off")}
      </p>
    );
  }
  return children;
}
