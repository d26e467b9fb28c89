import { useQuery } from "@tanstack/react-query";
import type { ListSummary } from "@tidings/contracts";
import i18next from "i18next";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { PrimaryButton, SecondaryButton, ViewSelect } from "../../components/form-fields.tsx";
import { useAsyncAction } from "../../components/use-async-action.ts";
import { toast } from "sonner";
import { FeedIcon } from "../../components/feed-icon.tsx";
import { Field } from "../../components/form.tsx";
import { statusConfigsQuery } from "../../queries/status.ts";
import { powerOn } from "../follow/index.ts";
import { modal } from "../modal/index.ts";
import { formErrorText } from "./error-text.ts";
import { createList, type ListFields, updateList } from "./lists-api.ts";

const LABEL = "block text-sm font-medium text-zinc-700 dark:text-zinc-300";
const CONTROL =
  "w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm outline-none focus:border-orange-500 focus:ring-2 focus:ring-orange-500/20 dark:border-zinc-700 dark:bg-zinc-900";

/** Opens the list form: a new list, or the edit of `list` (title, description, image, view, fee). */
export function openListForm(list?: ListSummary): void {
  modal.present({
    id: list ? `list-form-${list.id}` : "list-form",
    title: list ? i18next.t("app:lists.edit_title", { title: list.title }) : i18next.t("app:lists.create_title"),
    size: "md",
    content: ({ dismiss }) => <ListForm {...(list ? { list } : {})} onDone={dismiss} />,
  });
}

/** The form as typed: the list's fields, with the fee as its text. */
export type ListDraft = Omit<ListFields, "fee"> & { fee: string };

/** The highest fee the server takes, in whole POWER. */
export const MAX_LIST_FEE = 1_000_000_000;

/** The form's starting values: the list's, or empty in view 0 (Articles) and free. */
export function initialFields(list?: ListSummary): ListDraft {
  return { title: list?.title ?? "", description: list?.description ?? "", image: list?.image ?? "", view: list?.view ?? 0, fee: String(list?.fee ?? 0) };
}

/** A typed fee as whole POWER: digits only, 0 to MAX_LIST_FEE; null for anything else (empty, negative, a fraction). */
export function parseFee(text: string): number | null {
  const typed = text.trim();
  if (!/^\d+$/.test(typed)) return null;
  const fee = Number(typed);
  return fee <= MAX_LIST_FEE ? fee : null;
}

/**
 * What the form sends: with POWER on, the fee typed (null when it is not a whole number in range);
 * with POWER off the field is hidden, so a new list is free and an edit leaves the fee alone.
 */
export function fieldsOf(draft: ListDraft, { power, editing }: { power: boolean; editing: boolean }): ListFields | null {
  const { fee: feeText, ...rest } = draft;
  if (!power) return editing ? rest : { ...rest, fee: 0 };
  const fee = parseFee(feeText);
  return fee === null ? null : { ...rest, fee };
}

function ListForm({ list, onDone }: { list?: ListSummary; onDone: () => void }) {
  const { t } = useTranslation("app");
  const id = useId();
  const { data: configs } = useQuery(statusConfigsQuery);
  const power = powerOn(configs);
  const [fields, setFields] = useState(() => initialFields(list));
  // The fee's problem shows under it once it was changed, or on a submit.
  const [feeTouched, setFeeTouched] = useState(false);
  const { pending, error, run } = useAsyncAction(formErrorText);
  const set = (patch: Partial<ListDraft>) => setFields((current) => ({ ...current, ...patch }));
  const feeError = power && feeTouched && parseFee(fields.fee) === null ? t("lists.fee_invalid") : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = fieldsOf(fields, { power, editing: !!list });
    if (!body) {
      setFeeTouched(true);
      return;
    }
    await run(async () => {
      const saved = list ? await updateList(list.id, body) : await createList(body);
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
      {power ? (
        <Field
          id={`${id}-fee`}
          name="fee"
          label={t("lists.field_fee")}
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_LIST_FEE}
          step={1}
          placeholder="0"
          value={fields.fee}
          onChange={(event) => {
            set({ fee: event.target.value });
            setFeeTouched(true);
          }}
          error={feeError}
          hint={t("lists.fee_hint")}
        />
      ) : null}
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
