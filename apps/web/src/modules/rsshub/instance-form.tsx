import type { RsshubInstance } from "@tidings/contracts";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { PrimaryButton, SecondaryButton } from "../../components/form-fields.tsx";
import { Field } from "../../components/form.tsx";
import { AccessKeyField } from "./access-key-field.tsx";
import { type DraftField, draftOf, EMPTY_DRAFT, type InstanceDraft, validateDraft } from "./instance-draft.ts";
import { instanceName } from "./instance-text.ts";
import { useRsshubActions } from "./rsshub-api.ts";
import { fieldsFromReason, type RsshubProblem, useRsshubErrorText } from "./rsshub-errors.ts";
import { ProblemBox } from "./problem-box.tsx";
import { UserLimitField } from "./user-limit-field.tsx";

const FIELDS: readonly string[] = ["baseUrl", "accessKey", "description", "price", "userLimit"] satisfies DraftField[];

/**
 * Adds an instance, or edits one of the caller's (`instance`): base URL, access key, description,
 * monthly price and who may use it, checked with the API's own schema as the reader types (once
 * they tried to save). The server checks the instance's health before saving; its verdict (not an
 * RSSHub, key refused, unreachable…) shows in the form with the server's reason.
 */
export function InstanceForm({ instance, onDone }: { instance?: RsshubInstance; onDone: () => void }) {
  const { t } = useTranslation("app");
  const id = useId();
  const actions = useRsshubActions();
  const problemText = useRsshubErrorText();
  const [draft, setDraft] = useState<InstanceDraft>(() => (instance ? draftOf(instance) : EMPTY_DRAFT));
  const [submitted, setSubmitted] = useState(false);
  const [serverFields, setServerFields] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<RsshubProblem | null>(null);
  const [pending, setPending] = useState(false);
  const checked = validateDraft(draft, instance?.id);

  const set = (patch: Partial<InstanceDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setServerFields({});
    setFormError(null);
  };
  const errorOf = (field: DraftField): string | undefined => {
    const problem = submitted ? checked.problems?.[field] : undefined;
    return problem ? t(`rsshub.form.errors.${problem}`) : serverFields[field];
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!checked.input) return;
    setPending(true);
    setFormError(null);
    try {
      const saved = await actions.save(checked.input);
      toast.success(t("rsshub.saved", { name: instanceName(saved, t) }));
      onDone();
    } catch (error) {
      const named = Object.fromEntries(Object.entries(fieldsFromReason(error)).filter(([field]) => FIELDS.includes(field)));
      setServerFields(named);
      if (Object.keys(named).length === 0) setFormError(problemText(error));
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4 p-5" data-testid="rsshub-instance-form">
      <Field
        id={`${id}-url`}
        name="baseUrl"
        label={t("rsshub.form.base_url")}
        type="text"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        autoFocus
        placeholder="https://rsshub.example.com"
        value={draft.baseUrl}
        onChange={(event) => set({ baseUrl: event.target.value })}
        error={errorOf("baseUrl")}
        hint={t("rsshub.form.base_url_hint")}
      />
      <AccessKeyField
        value={draft.accessKey}
        onChange={(accessKey) => set({ accessKey })}
        hasStoredKey={!!instance?.accessKey}
        removeKey={draft.removeKey}
        onRemoveKey={(removeKey) => set({ removeKey })}
        error={errorOf("accessKey")}
      />
      <Field
        id={`${id}-description`}
        name="description"
        label={t("rsshub.form.description")}
        maxLength={500}
        value={draft.description}
        onChange={(event) => set({ description: event.target.value })}
        error={errorOf("description")}
        hint={t("rsshub.form.description_hint")}
      />
      <Field
        id={`${id}-price`}
        name="price"
        label={t("rsshub.form.price")}
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        placeholder="0"
        value={draft.price}
        onChange={(event) => set({ price: event.target.value })}
        error={errorOf("price")}
        hint={t("rsshub.form.price_hint")}
      />
      <UserLimitField
        mode={draft.limitMode}
        limit={draft.limit}
        onMode={(limitMode) => set({ limitMode })}
        onLimit={(limit) => set({ limit })}
        error={errorOf("userLimit")}
      />
      {formError ? <ProblemBox problem={formError} /> : null}
      {pending ? (
        <p role="status" className="text-xs text-zinc-500">
          {t("rsshub.form.checking")}
        </p>
      ) : null}
      <div className="flex justify-end gap-2 pt-1">
        <SecondaryButton onClick={onDone}>{t("modal.cancel")}</SecondaryButton>
        <PrimaryButton pending={pending}>{t("rsshub.form.save")}</PrimaryButton>
      </div>
    </form>
  );
}
