import { useQuery } from "@tanstack/react-query";
import clsx from "clsx";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { SettingRow } from "../../../components/settings/setting-row.tsx";
import { aiConfigQuery, type AiConfig } from "../../../queries/ai.ts";

function providerText(config: AiConfig, t: TFunction<"settings">): string {
  if (!config.chat) return t("ai.status_none");
  const model = config.model ?? t("ai.model_unknown");
  return config.source === "user" ? t("ai.status_user", { model }) : t("ai.status_instance", { model });
}

/** Today's provider calls against the daily limit, as a number and a bar. */
function Usage({ config }: { config: AiConfig }) {
  const { t } = useTranslation("settings");
  const limit = config.dailyLimit;
  const share = limit ? Math.min(1, config.usedToday / limit) : 0;
  return (
    <SettingRow title={t("ai.usage")} description={limit ? t("ai.usage_description") : t("ai.usage_unlimited")}>
      <div className="w-40 shrink-0 space-y-1 text-right" data-testid="ai-usage">
        <p className="text-sm tabular-nums">{limit ? t("ai.usage_of", { used: config.usedToday, limit }) : config.usedToday}</p>
        {limit ? (
          <div className="h-1.5 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800" role="progressbar" aria-valuemin={0} aria-valuemax={limit} aria-valuenow={config.usedToday} aria-label={t("ai.usage")}>
            <div className={clsx("h-full rounded-full", share >= 1 ? "bg-red-500" : share > 0.8 ? "bg-amber-500" : "bg-orange-500")} style={{ width: `${share * 100}%` }} />
          </div>
        ) : null}
      </div>
    </SettingRow>
  );
}

/** Which provider the AI helpers use now (the reader's own, the instance's, or none) and today's usage. */
export function AiStatus() {
  const { t } = useTranslation("settings");
  const { data: config, isError } = useQuery(aiConfigQuery());
  if (isError) return <p className="py-3 text-sm text-red-600 dark:text-red-400">{t("ai.status_error")}</p>;
  if (!config) return <p className="py-3 text-sm text-zinc-500">{t("ai.status_loading")}</p>;
  return (
    <>
      <SettingRow title={t("ai.provider")} description={providerText(config, t)}>
        <span
          className={clsx(
            "shrink-0 rounded-full px-2 py-0.5 text-xs font-medium",
            config.chat ? "bg-emerald-100 text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-300" : "bg-zinc-100 text-zinc-600 dark:bg-zinc-800 dark:text-zinc-400",
          )}
          data-testid="ai-provider-status"
        >
          {config.chat ? t(config.source === "user" ? "ai.source_user" : "ai.source_instance") : t("ai.source_none")}
        </span>
      </SettingRow>
      <SettingRow title={t("ai.speech")} description={config.speech ? t("ai.speech_server") : t("ai.speech_browser")}>
        <span />
      </SettingRow>
      {config.chat ? <Usage config={config} /> : null}
    </>
  );
}
