import { useQuery } from "@tanstack/react-query";
import type { InboxSummary } from "@tidings/contracts";
import { ArrowUpRight, Inbox, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { SettingsSection } from "../../components/settings/settings-section.tsx";
import { confirm } from "../modal/index.ts";
import { timelinePath } from "../timeline/index.ts";
import { toastError } from "../toast/index.ts";
import { CopyField } from "./copy-field.tsx";
import { formErrorText } from "./error-text.ts";
import { openInboxForm } from "./inbox-form.tsx";
import { deleteInbox, inboxesQuery, statusConfigsQuery, webhookUrl } from "./inboxes-api.ts";

const ACTION =
  "inline-flex items-center gap-1.5 rounded-lg border border-zinc-300 px-2.5 py-1.5 text-xs font-medium hover:bg-zinc-50 disabled:opacity-50 dark:border-zinc-700 dark:hover:bg-zinc-800";
const ICON_BUTTON = "rounded-md p-1.5 text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900 disabled:opacity-50 dark:hover:bg-zinc-800 dark:hover:text-zinc-100";

/** Settings → Inboxes: the reader's inboxes, with the address and secret that feed them. */
export function InboxesSettings() {
  const { t } = useTranslation("app");
  const inboxes = useQuery(inboxesQuery);
  const configs = useQuery(statusConfigsQuery);
  const limit = configs.data?.MAX_INBOXES;
  const full = limit !== undefined && (inboxes.data?.length ?? 0) >= limit;
  return (
    <SettingsSection tab="inboxes">
      <div className="flex items-start justify-between gap-4">
        <p className="text-sm text-zinc-500">{t("inboxes.intro")}</p>
        <button
          type="button"
          disabled={full}
          title={full ? t("inboxes.limit_reached", { count: limit }) : undefined}
          onClick={() => openInboxForm()}
          className="inline-flex shrink-0 items-center gap-1.5 rounded-lg bg-orange-500 px-3 py-1.5 text-sm font-medium text-white shadow-sm hover:bg-orange-600 disabled:cursor-not-allowed disabled:opacity-50"
        >
          <Plus className="size-4" aria-hidden />
          {t("inboxes.create")}
        </button>
      </div>
      {inboxes.isPending ? <p className="text-sm text-zinc-500">{t("inboxes.loading")}</p> : null}
      {inboxes.isError ? (
        <p role="alert" className="text-sm text-red-600">
          {formErrorText(inboxes.error)}
        </p>
      ) : null}
      {inboxes.data?.length === 0 ? (
        <div className="rounded-xl border border-dashed border-zinc-300 px-6 py-10 text-center dark:border-zinc-700">
          <Inbox className="mx-auto size-8 text-zinc-400" aria-hidden />
          <p className="mt-2 text-sm font-medium">{t("inboxes.empty_title")}</p>
          <p className="mt-1 text-xs text-zinc-500">{t("inboxes.empty_description")}</p>
        </div>
      ) : null}
      <ul className="space-y-4">
        {inboxes.data?.map((inbox) => (
          <InboxCard key={inbox.id} inbox={inbox} />
        ))}
      </ul>
      {inboxes.data?.length ? <p className="text-xs text-zinc-500">{t("inboxes.webhook_help")}</p> : null}
    </SettingsSection>
  );
}

function InboxCard({ inbox }: { inbox: InboxSummary }) {
  const { t } = useTranslation("app");
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  const remove = async () => {
    const ok = await confirm({
      variant: "danger",
      title: t("inboxes.delete_title", { handle: inbox.id }),
      message: t("inboxes.delete_message"),
      confirmText: t("inboxes.delete"),
    });
    if (!ok) return;
    setBusy(true);
    try {
      await deleteInbox(inbox.id);
      toast.success(t("inboxes.deleted", { handle: inbox.id }));
    } catch (error) {
      toastError(error);
      setBusy(false);
    }
  };

  return (
    <li data-inbox-id={inbox.id} className="rounded-xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900/40">
      <div className="flex items-start gap-3 p-4">
        <span aria-hidden className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-orange-100 text-orange-600 dark:bg-orange-500/15 dark:text-orange-400">
          <Inbox className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h3 className="truncate text-sm font-semibold">{inbox.title ?? inbox.id}</h3>
          <p className="truncate text-xs text-zinc-500">@{inbox.id}</p>
        </div>
        <div className="flex shrink-0 items-center gap-1">
          <button type="button" className={ACTION} onClick={() => void navigate(timelinePath(0, { kind: "inbox", handle: inbox.id }))}>
            <ArrowUpRight className="size-3.5" aria-hidden />
            {t("inboxes.open")}
          </button>
          <button type="button" className={ICON_BUTTON} aria-label={t("inboxes.edit")} title={t("inboxes.edit")} onClick={() => openInboxForm(inbox)}>
            <Pencil className="size-4" aria-hidden />
          </button>
          <button type="button" className={`${ICON_BUTTON} hover:text-red-600 dark:hover:text-red-500`} aria-label={t("inboxes.delete")} title={t("inboxes.delete")} disabled={busy} onClick={() => void remove()}>
            <Trash2 className="size-4" aria-hidden />
          </button>
        </div>
      </div>
      <div className="space-y-2 border-t border-zinc-100 px-4 py-3 dark:border-zinc-800">
        <CopyField label={t("inboxes.email")} value={inbox.email} />
        <CopyField label={t("inboxes.webhook")} value={webhookUrl()} />
        <CopyField label={t("inboxes.secret")} value={inbox.secret} secret />
      </div>
    </li>
  );
}
