import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { AiSettings } from "../../../queries/ai.ts";

const INPUT =
  "w-full rounded-lg border border-zinc-300 bg-white px-2.5 py-1.5 text-sm outline-none focus:border-orange-500 focus:ring-2 focus:ring-orange-500/20 aria-invalid:border-red-500 dark:border-zinc-700 dark:bg-zinc-900";

function Row({ id, label, hint, children }: { id: string; label: string; hint?: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[9rem_1fr] items-start gap-x-4 gap-y-1">
      <label htmlFor={id} className="pt-1.5 text-sm font-medium">
        {label}
      </label>
      <div className="min-w-0 space-y-1">
        {children}
        {hint ? <p className="text-xs text-zinc-500">{hint}</p> : null}
      </div>
    </div>
  );
}

export interface ProviderFieldsProps {
  baseUrl: string;
  model: string;
  apiKey: string;
  saved: AiSettings;
  error: string | undefined;
  onBaseUrl: (value: string) => void;
  onModel: (value: string) => void;
  onApiKey: (value: string) => void;
}

/** Base URL, API key (write-only: a saved one shows only as "key set …a1b2") and model. */
export function ProviderFields(props: ProviderFieldsProps) {
  const { t } = useTranslation("settings");
  const ids = { url: useId(), key: useId(), model: useId(), error: useId() };
  const keyHint = props.saved.apiKeySet ? t("ai.key_set", { hint: props.saved.apiKeyHint ?? "" }) : t("ai.key_none");
  return (
    <>
      <Row id={ids.url} label={t("ai.base_url")} hint={t("ai.base_url_hint")}>
        <input
          id={ids.url}
          className={INPUT}
          type="url"
          inputMode="url"
          placeholder="https://api.openai.com/v1"
          autoComplete="off"
          value={props.baseUrl}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? ids.error : undefined}
          onChange={(event) => props.onBaseUrl(event.target.value)}
        />
        {props.error ? (
          <p id={ids.error} role="alert" className="text-xs text-red-600 dark:text-red-400">
            {props.error}
          </p>
        ) : null}
      </Row>
      <Row id={ids.key} label={t("ai.api_key")} hint={keyHint}>
        <input
          id={ids.key}
          className={INPUT}
          type="password"
          autoComplete="new-password"
          placeholder={props.saved.apiKeySet ? t("ai.key_replace") : "sk-…"}
          value={props.apiKey}
          onChange={(event) => props.onApiKey(event.target.value)}
          data-testid="ai-api-key"
        />
      </Row>
      <Row id={ids.model} label={t("ai.model")} hint={t("ai.model_hint")}>
        <input id={ids.model} className={INPUT} type="text" placeholder="gpt-4o-mini" autoComplete="off" value={props.model} onChange={(event) => props.onModel(event.target.value)} />
      </Row>
    </>
  );
}
