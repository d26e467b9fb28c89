import { useQuery } from "@tanstack/react-query";
import type { InboxSummary } from "@tidings/contracts";
import i18next from "i18next";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { PrimaryButton, SecondaryButton } from "../../components/form-fields.tsx";
import { useAsyncAction } from "../../components/use-async-action.ts";
import { toast } from "sonner";
import { modal } from "../modal/index.ts";
import { formErrorText } from "./error-text.ts";
import { createInbox, HANDLE_PATTERN, normaliseHandle, renameInbox, statusConfigsQuery } from "./inboxes-api.ts";

const LABEL = "block text-sm font-medium text-zinc-700 dark:text-zinc-300";
const CONTROL =
  "w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm outline-none focus:border-orange-500 focus:ring-2 focus:ring-orange-500/20 dark:border-zinc-700 dark:bg-zinc-900";

/** Opens the inbox form: a new inbox (handle and title), or a new title for `inbox`. */
export function openInboxForm(inbox?: InboxSummary): void {
  modal.present({
    id: inbox ? `inbox-form-${inbox.id}` : "inbox-form",
    title: inbox ? i18next.t("app:inboxes.edit_title", { handle: inbox.id }) : i18next.t("app:inboxes.create_title"),
    size: "md",
    content: ({ dismiss }) => <InboxForm {...(inbox ? { inbox } : {})} onDone={dismiss} />,
  });
}

function InboxForm({ inbox, onDone }: { inbox?: InboxSummary; onDone: () => void }) {
  const { t } = useTranslation("app");
  const id = useId();
  const configs = useQuery(statusConfigsQuery);
  const [handle, setHandle] = useState(inbox?.id ?? "");
  const [title, setTitle] = useState(inbox?.title ?? "");
  const { pending, error, run } = useAsyncAction(formErrorText);
  const valid = inbox !== undefined || HANDLE_PATTERN.test(normaliseHandle(handle));
  const suffix = configs.data?.INBOX_EMAIL_SUFFIX ?? "";

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await run(async () => {
      const saved = inbox ? await renameInbox(inbox.id, title) : await createInbox({ handle, title });
      toast.success(t(inbox ? "inboxes.saved" : "inboxes.created", { handle: saved.id }));
      onDone();
    });
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-4 p-5">
      <div className="space-y-1">
        <label htmlFor={`${id}-handle`} className={LABEL}>
          {t("inboxes.field_handle")}
        </label>
        <div className="flex items-center overflow-hidden rounded-lg border border-zinc-300 bg-white focus-within:border-orange-500 focus-within:ring-2 focus-within:ring-orange-500/20 dark:border-zinc-700 dark:bg-zinc-900">
          <input
            id={`${id}-handle`}
            name="handle"
            required
            autoFocus={!inbox}
            readOnly={inbox !== undefined}
            maxLength={32}
            value={handle}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => setHandle(event.target.value)}
            className="min-w-0 flex-1 bg-transparent px-3 py-2 text-sm outline-none read-only:text-zinc-500"
          />
          {suffix ? <span className="shrink-0 border-l border-zinc-200 bg-zinc-50 px-3 py-2 text-sm text-zinc-500 dark:border-zinc-700 dark:bg-zinc-800">{suffix}</span> : null}
        </div>
        <p className="text-xs text-zinc-500">{t(inbox ? "inboxes.handle_fixed" : "inboxes.handle_hint")}</p>
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-title`} className={LABEL}>
          {t("inboxes.field_title")}
        </label>
        <input
          id={`${id}-title`}
          name="title"
          autoFocus={inbox !== undefined}
          maxLength={200}
          value={title}
          placeholder={t("inboxes.title_placeholder")}
          onChange={(event) => setTitle(event.target.value)}
          className={CONTROL}
        />
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
      <div className="flex justify-end gap-2 pt-1">
        <SecondaryButton onClick={onDone}>{t("modal.cancel")}</SecondaryButton>
        <PrimaryButton pending={pending} disabled={!valid}>
          {inbox ? t("inboxes.save") : t("inboxes.create")}
        </PrimaryButton>
      </div>
    </form>
  );
}
