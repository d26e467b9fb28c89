import { useQueryClient } from "@tanstack/react-query";
import { CircleCheck } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Field, SubmitButton } from "../../components/form.tsx";
import { api, ApiError, errorText } from "../../lib/api-client.ts";
import { sessionKeys } from "../../queries/session.ts";

const CONTINUE = "inline-block rounded-lg bg-orange-500 px-4 py-2 text-sm text-white hover:bg-orange-600";

/**
 * The activation form (spec §5): the code is required, submit stays disabled while it is empty,
 * a server error shows under the field; on success the form turns into a success state and the
 * session is refreshed. In the activation dialog, `onContinue` closes it instead of going to the
 * timeline.
 */
export function InvitationForm({ onContinue }: { onContinue?: () => void } = {}) {
  const { t } = useTranslation("app");
  const queryClient = useQueryClient();
  const [code, setCode] = useState("");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  const [done, setDone] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    setError(undefined);
    try {
      await api("invitations/use", { json: { code: code.trim() } });
      setDone(true);
      await queryClient.invalidateQueries({ queryKey: sessionKeys.all });
    } catch (caught) {
      setError(errorText(caught, (c) => (caught instanceof ApiError ? t(`errors:${c}`) : undefined)));
    } finally {
      setPending(false);
    }
  }

  if (done) {
    return (
      <div className="space-y-4 text-center" role="status">
        <CircleCheck className="mx-auto size-10 text-green-500" aria-hidden />
        <p>{t("invitation.success")}</p>
        {onContinue ? (
          <button type="button" onClick={onContinue} className={CONTINUE}>
            {t("invitation.continue")}
          </button>
        ) : (
          <Link to="/timeline" className={CONTINUE}>
            {t("invitation.continue")}
          </Link>
        )}
      </div>
    );
  }
  return (
    <form onSubmit={submit} className="space-y-4">
      <Field
        label={t("invitation.code")}
        name="code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        autoComplete="off"
        autoFocus
        error={error}
      />
      <SubmitButton pending={pending} disabled={code.trim().length < 1}>
        {t("invitation.submit")}
      </SubmitButton>
    </form>
  );
}
