import { Eye, EyeOff } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ERROR, HINT, INPUT, LABEL } from "./styles.ts";

interface AccessKeyFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** Editing an instance that has a key: empty keeps it, and "Remove key" is offered. */
  hasStoredKey: boolean;
  removeKey: boolean;
  onRemoveKey: (remove: boolean) => void;
  error?: string | undefined;
}

/** The access key: a password field with a show toggle; when editing, empty keeps the stored key. */
export function AccessKeyField({ value, onChange, hasStoredKey, removeKey, onRemoveKey, error }: AccessKeyFieldProps) {
  const { t } = useTranslation("app");
  const id = useId();
  const [shown, setShown] = useState(false);
  const describedBy = `${id}-${error ? "error" : "hint"}`;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className={LABEL}>
        {t("rsshub.form.access_key")}
      </label>
      <div className="relative">
        <input
          id={id}
          name="accessKey"
          type={shown ? "text" : "password"}
          autoComplete="new-password"
          spellCheck={false}
          value={removeKey ? "" : value}
          disabled={removeKey}
          placeholder={hasStoredKey ? t("rsshub.form.access_key_unchanged") : ""}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
          className={`${INPUT} pr-9 font-mono`}
        />
        <button
          type="button"
          aria-label={shown ? t("rsshub.form.hide_key") : t("rsshub.form.show_key")}
          aria-pressed={shown}
          disabled={removeKey}
          onClick={() => setShown((now) => !now)}
          className="absolute top-1/2 right-1.5 -translate-y-1/2 rounded-md p-1 text-zinc-500 hover:bg-zinc-100 disabled:opacity-40 dark:hover:bg-zinc-800"
        >
          {shown ? <EyeOff className="size-4" aria-hidden /> : <Eye className="size-4" aria-hidden />}
        </button>
      </div>
      {error ? (
        <p id={describedBy} role="alert" className={ERROR}>
          {error}
        </p>
      ) : (
        <p id={describedBy} className={HINT}>
          {hasStoredKey ? t("rsshub.form.access_key_keep") : t("rsshub.form.access_key_hint")}
        </p>
      )}
      {hasStoredKey ? (
        <label className="flex items-center gap-2 text-sm text-zinc-700 dark:text-zinc-300">
          <input type="checkbox" className="size-4 accent-orange-500" checked={removeKey} onChange={(event) => onRemoveKey(event.target.checked)} />
          {t("rsshub.form.remove_key")}
        </label>
      ) : null}
    </div>
  );
}
