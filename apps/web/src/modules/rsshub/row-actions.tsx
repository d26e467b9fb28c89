import type { RsshubInstance } from "@tidings/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { confirm } from "../modal/index.ts";
import { toastError } from "../toast/index.ts";
import { instanceName, isPaidFor } from "./instance-text.ts";
import { openInstanceForm, openPurchaseForm } from "./open-instance-form.tsx";
import { useRsshubActions } from "./rsshub-api.ts";
import { BUTTON, DANGER } from "./styles.ts";

type Task = "use" | "stop" | "check" | "delete";

/** Use / In use + Stop using for every row; Edit, Check now and Delete on the caller's own. */
export function RowActions({ instance }: { instance: RsshubInstance }) {
  const { t } = useTranslation("app");
  const actions = useRsshubActions();
  const [pending, setPending] = useState<Task | null>(null);
  const name = instanceName(instance, t);

  const run = async (task: Task, work: () => Promise<unknown>) => {
    setPending(task);
    try {
      await work();
    } catch (error) {
      toastError(error);
    } finally {
      setPending(null);
    }
  };

  const use = () => {
    if (isPaidFor(instance)) return openPurchaseForm(instance);
    void run("use", async () => {
      await actions.use(instance.id);
      toast.success(t("rsshub.used", { name }));
    });
  };
  const stop = () =>
    void run("stop", async () => {
      await actions.use(null);
      toast.success(t("rsshub.stopped"));
    });
  const check = () =>
    void run("check", async () => {
      const checked = await actions.check(instance.id);
      const text = t("rsshub.checked", { name, status: t(`rsshub.status.${checked.status}`) });
      if (checked.status === "ok") toast.success(text);
      else toast.warning(text, checked.errorMessage ? { description: checked.errorMessage } : {});
    });
  const remove = async () => {
    const ok = await confirm({ title: t("rsshub.delete_title", { name }), message: t("rsshub.delete_message"), variant: "danger", confirmText: t("rsshub.delete") });
    if (!ok) return;
    await run("delete", async () => {
      await actions.remove(instance.id);
      toast.success(t("rsshub.deleted", { name }));
    });
  };

  const busy = pending !== null;
  return (
    <div className="flex flex-wrap items-center justify-end gap-1.5">
      {instance.inUse ? (
        <>
          <span className="rounded-full bg-orange-500/10 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-orange-600 dark:text-orange-400">{t("rsshub.in_use")}</span>
          <button type="button" className={BUTTON} disabled={busy} aria-busy={pending === "stop" || undefined} onClick={stop}>
            {t("rsshub.stop")}
          </button>
        </>
      ) : (
        <button type="button" className={BUTTON} disabled={busy} aria-busy={pending === "use" || undefined} onClick={use}>
          {t("rsshub.use")}
        </button>
      )}
      {instance.isOwner ? (
        <>
          <button type="button" className={BUTTON} disabled={busy} onClick={() => openInstanceForm(instance)}>
            {t("rsshub.edit")}
          </button>
          <button type="button" className={BUTTON} disabled={busy} aria-busy={pending === "check" || undefined} onClick={check}>
            {t("rsshub.check")}
          </button>
          <button type="button" className={DANGER} disabled={busy} aria-busy={pending === "delete" || undefined} onClick={() => void remove()}>
            {t("rsshub.delete")}
          </button>
        </>
      ) : null}
    </div>
  );
}
