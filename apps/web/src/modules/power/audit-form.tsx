import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { usePowerActions } from "./power-api.ts";
import { useErrorText } from "./power-ui.tsx";
import { BUTTON, ERROR, INPUT, LABEL } from "./styles.ts";

/** The text an achievement under review asks for (how the reader uses Tidings), sent for an admin to approve. */
export function AuditForm({ actionId }: { actionId: number }) {
  const { t } = useTranslation("app");
  const id = useId();
  const actions = usePowerActions();
  const errorText = useErrorText();
  const [text, setText] = useState("");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    setPending(true);
    setError(null);
    try {
      await actions.auditAchievement(actionId, text.trim());
      toast.success(t("power.achievements.audit_sent"));
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-1.5 pl-8">
      <label htmlFor={id} className={LABEL}>
        {t("power.achievements.audit_label")}
      </label>
      <textarea id={id} value={text} maxLength={2000} rows={3} onChange={(event) => setText(event.target.value)} className={INPUT} aria-invalid={error ? true : undefined} />
      {error ? (
        <p role="alert" className={ERROR}>
          {error}
        </p>
      ) : null}
      <button type="submit" className={BUTTON} disabled={pending || !text.trim()} aria-busy={pending || undefined}>
        {t("power.achievements.audit_submit")}
      </button>
    </form>
  );
}
