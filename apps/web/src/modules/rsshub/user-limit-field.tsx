import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { LimitMode } from "./instance-draft.ts";
import { ERROR, HINT, INPUT } from "./styles.ts";

const MODES: readonly LimitMode[] = ["private", "limited", "unlimited"];

interface UserLimitFieldProps {
  mode: LimitMode;
  limit: string;
  onMode: (mode: LimitMode) => void;
  onLimit: (limit: string) => void;
  error?: string | undefined;
}

/** Who may use the instance: Private, Limited to N readers, or No limit. */
export function UserLimitField({ mode, limit, onMode, onLimit, error }: UserLimitFieldProps) {
  const { t } = useTranslation("app");
  const id = useId();
  return (
    <fieldset className="space-y-1.5" aria-describedby={`${id}-note`}>
      <legend className="text-sm font-medium text-zinc-700 dark:text-zinc-300">{t("rsshub.form.users")}</legend>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        {MODES.map((value) => (
          <label key={value} className="flex items-center gap-1.5 text-sm">
            <input type="radio" name={`${id}-mode`} value={value} checked={mode === value} onChange={() => onMode(value)} className="size-4 accent-orange-500" />
            {t(`rsshub.form.users_${value}`)}
          </label>
        ))}
        {mode === "limited" ? (
          <input
            type="number"
            name="userLimit"
            min={2}
            step={1}
            inputMode="numeric"
            value={limit}
            aria-label={t("rsshub.form.users_count")}
            aria-invalid={error ? true : undefined}
            onChange={(event) => onLimit(event.target.value)}
            className={`${INPUT} w-28`}
          />
        ) : null}
      </div>
      {error ? (
        <p id={`${id}-note`} role="alert" className={ERROR}>
          {error}
        </p>
      ) : (
        <p id={`${id}-note`} className={HINT}>
          {t("rsshub.form.users_hint")}
        </p>
      )}
    </fieldset>
  );
}
