import { Check, Copy, KeyRound, Plus } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { toastError, useCopy } from "../toast/index.ts";
import { type CreatedAppPassword, useAppPasswordActions } from "./app-passwords-api.ts";
import { INPUT, PRIMARY, SECONDARY, SPINNER } from "./styles.ts";

/** The password just made, shown this once, with a copy button and the warning that it goes away. */
function CreatedBox({ created, onDone }: { created: CreatedAppPassword; onDone: () => void }) {
  const { t } = useTranslation("settings");
  const { copied, copy } = useCopy();
  return (
    <div role="status" className="space-y-3 rounded-lg border border-orange-200 bg-orange-50 p-4 dark:border-orange-500/30 dark:bg-orange-500/10">
      <p className="flex items-center gap-2 text-sm font-medium">
        <KeyRound className="size-4 text-orange-600 dark:text-orange-400" aria-hidden />
        {t("apps.created_title", { name: created.name })}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <code
          data-testid="new-app-password"
          className="min-w-0 flex-1 rounded-md border border-zinc-200 bg-white px-3 py-2 font-mono text-base tracking-wide break-all text-zinc-900 select-all dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
        >
          {created.password}
        </code>
        <button type="button" className={SECONDARY} onClick={() => void copy(created.password).catch(() => undefined)}>
          {copied ? <Check className="size-4 text-green-600" aria-hidden /> : <Copy className="size-4" aria-hidden />}
          {copied ? t("common:copied") : t("apps.copy_password")}
        </button>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs font-medium text-amber-700 dark:text-amber-400">{t("apps.created_warning")}</p>
        <button type="button" className={SECONDARY} onClick={onDone}>
          {t("apps.done")}
        </button>
      </div>
    </div>
  );
}

/** A name for the app ("Reeder on my phone") and Create; the new password shows under it once. */
export function NewPassword() {
  const { t } = useTranslation("settings");
  const actions = useAppPasswordActions();
  const id = useId();
  const [name, setName] = useState("");
  const [pending, setPending] = useState(false);
  const [created, setCreated] = useState<CreatedAppPassword | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim() || pending) return;
    setPending(true);
    try {
      setCreated(await actions.create(name));
      setName("");
    } catch (error) {
      toastError(error);
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="space-y-3">
      <form className="flex flex-wrap items-end gap-2" onSubmit={(event) => void submit(event)}>
        <div className="min-w-48 flex-1 space-y-1">
          <label htmlFor={id} className="block text-sm font-medium text-zinc-700 dark:text-zinc-300">
            {t("apps.name")}
          </label>
          <input id={id} className={INPUT} value={name} maxLength={100} autoComplete="off" placeholder={t("apps.name_placeholder")} onChange={(event) => setName(event.target.value)} />
        </div>
        <button type="submit" className={PRIMARY} disabled={!name.trim() || pending} aria-busy={pending || undefined}>
          {pending ? <span className={SPINNER} aria-hidden /> : <Plus className="size-4" aria-hidden />}
          {t("apps.create")}
        </button>
      </form>
      {created ? <CreatedBox created={created} onDone={() => setCreated(null)} /> : null}
    </div>
  );
}
