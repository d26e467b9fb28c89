import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { SettingRow } from "../../components/settings/setting-row.tsx";
import { useAsyncAction } from "../../components/use-async-action.ts";
import { toastError } from "../toast/index.ts";
import type { PushDevice, PushDeviceState } from "./use-push-device.ts";

const BUTTON = "shrink-0 rounded-lg border border-zinc-300 px-3 py-1.5 text-sm hover:bg-zinc-50 disabled:opacity-50 dark:border-zinc-700 dark:hover:bg-zinc-800";
const PRIMARY = "shrink-0 rounded-lg bg-orange-500 px-3 py-1.5 text-sm font-medium text-white hover:bg-orange-600 disabled:opacity-50";

const STATUS_KEY: Record<PushDeviceState, string> = {
  checking: "notifications.push_checking",
  unsupported: "notifications.push_unsupported",
  denied: "notifications.denied",
  off: "notifications.push_off",
  on: "notifications.push_on",
};

/**
 * Push notifications on this device (Web Push): enable (asks the browser's permission, subscribes
 * and registers the device), turn off, and a test message to every device of the reader.
 */
export function PushSettings({ device }: { device: PushDevice }) {
  const { t } = useTranslation("settings");
  const action = useAsyncAction<"toggle" | "test">();
  const run = (key: "toggle" | "test", task: () => Promise<unknown>) => void action.run(() => task().catch(toastError), key);

  const sendTest = async () => {
    const result = await device.sendTest();
    if (result.sent > 0) toast.success(t("notifications.push_test_sent", { count: result.sent }));
    else toast.error(t("notifications.push_test_none"));
  };

  const { state } = device;
  const trouble = state === "denied" || state === "unsupported";
  return (
    <>
      <SettingRow title={t("notifications.push")} description={t("notifications.push_description")}>
        <div className="flex shrink-0 flex-col items-end gap-1">
          {state === "on" ? (
            <button type="button" className={BUTTON} disabled={action.pending !== false} onClick={() => run("toggle", device.disable)}>
              {t("notifications.push_disable")}
            </button>
          ) : (
            <button type="button" className={PRIMARY} disabled={state !== "off" || action.pending !== false} aria-busy={action.pending === "toggle" || undefined} onClick={() => run("toggle", device.enable)}>
              {t("notifications.push_enable")}
            </button>
          )}
          <p role="status" data-testid="push-state" data-state={state} className={trouble ? "max-w-64 text-right text-xs text-amber-600 dark:text-amber-400" : "text-xs text-zinc-500"}>
            {t(STATUS_KEY[state])}
          </p>
        </div>
      </SettingRow>
      {state === "on" ? (
        <SettingRow title={t("notifications.push_test")} description={t("notifications.push_test_description")}>
          <button type="button" className={BUTTON} disabled={action.pending !== false} aria-busy={action.pending === "test" || undefined} onClick={() => run("test", sendTest)}>
            {t("notifications.push_test_send")}
          </button>
        </SettingRow>
      ) : null}
    </>
  );
}
