import type { ListSummary } from "@tidings/contracts";
import i18next from "i18next";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useAsyncAction } from "../../components/use-async-action.ts";
import { toast } from "sonner";
import { FeedIcon } from "../../components/feed-icon.tsx";
import { PrimaryButton, SecondaryButton, ViewSelect } from "../follow/index.ts";
import { modal } from "../modal/index.ts";
import { formErrorText } from "./error-text.ts";
import { createList, type ListFields, updateList } from "./lists-api.ts";

const LABEL = "block text-sm font-medium text-zinc-700 dark:text-zinc-300";
const CONTROL =
  "w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm outline-none focus:border-orange-500 focus:ring-2 focus:ring-orange-500/20 dark:border-zinc-700 dark:bg-zinc-900";

/** Opens the list form: a new list, or the edit of `list` (title, description, image, view). */
export function openListForm(list?: ListSummary): void {
  modal.present({
    id: list ? `list-form-${list.id}` : "list-form",
    title: list ? i18next.t("app:lists.edit_title", { title: list.title }) : i18next.t("app:lists.create_title"),
    size: "md",
    content: ({ dismiss }) => <ListForm {...(list ? { list } : {})} onDone={dismiss} />,
  });
}

/** The form's starting values: the list's, or empty in view 0 (Articles). */
export function initialFields(list?: ListSummary): ListFields {
  return { title: list?.title ?? "", description: list?.description ?? "", image: list?.image ?? "", view: list?.view ?? 0 };
}

function ListForm({ list, onDone }: { list?: ListSummary; onDone: () => void }) {
  const { t } = useTranslation("app");
  const id = useId();
  const [fields, setFields] = useState(() => initialFields(list));
  const { pending, error, run } = useAsyncAction(formErrorText);
  const set = (patch: Partial<ListFields>) => setFields((current) => ({ ...current, ...patch }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await run(async () => {
      const saved = list ? await updateList(list.id, fields) : await createList(fields);
      toast.success(t(list ? "lists.saved" : "lists.created", { title: saved.title }));
      onDone();
    });
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-4 p-5">
      <div className="space-y-1">
        <label htmlFor={`${id}-title`} className={LABEL}>
          {t("lists.field_title")}
        </label>
        <input id={`${id}-title`} name="title" required autoFocus maxLength={200} value={fields.title} onChange={(event) => set({ title: event.target.value })} className={CONTROL} />
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-description`} className={LABEL}>
          {t("lists.field_description")}
        </label>
        <textarea
          id={`${id}-description`}
          name="description"
          rows={3}
          maxLength={2000}
          value={fields.description}
          placeholder={t("lists.description_placeholder")}
          onChange={(event) => set({ description: event.target.value })}
          className={`${CONTROL} resize-none`}
        />
      </div>
      <div className="grid grid-cols-[1fr_auto] items-end gap-3">
        <div className="space-y-1">
          <label htmlFor={`${id}-image`} className={LABEL}>
            {t("lists.field_image")}
          </label>
          <input
            id={`${id}-image`}
            name="image"
            type="url"
            maxLength={2048}
            value={fields.image}
            placeholder="https://"
            onChange={(event) => set({ image: event.target.value })}
            className={CONTROL}
          />
        </div>
        <FeedIcon image={/^https?:\/\/\S+$/.test(fields.image.trim()) ? fields.image.trim() : null} title={fields.title || "#"} size={38} className="rounded-lg" />
      </div>
      <ViewSelect value={fields.view} onChange={(view) => set({ view })} label={t("lists.field_view")} />
      {error ? (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
      <div className="flex justify-end gap-2 pt-1">
        <SecondaryButton onClick={onDone}>{t("modal.cancel")}</SecondaryButton>
        <PrimaryButton pending={pending} disabled={!fields.title.trim()}>
          {list ? t("lists.save") : t("lists.create")}
        </PrimaryButton>
      </div>
    </form>
  );
}
