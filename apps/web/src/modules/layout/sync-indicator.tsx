import { CloudOff, CloudCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useConnectivity } from "../../lib/connectivity.ts";

/** Synced or offline, from the connectivity state (spec §2 sync indicator). */
export function SyncIndicator() {
  const { t } = useTranslation("app");
  const online = useConnectivity((state) => state.online);
  const Icon = online ? CloudCheck : CloudOff;
  const label = online ? t("shell.sync.synced") : t("shell.sync.offline");
  return (
    <span className="flex items-center gap-1 text-xs text-zinc-500" title={label} role="status">
      <Icon className={`size-3.5 ${online ? "text-green-600" : "text-amber-500"}`} aria-hidden />
      {label}
    </span>
  );
}
