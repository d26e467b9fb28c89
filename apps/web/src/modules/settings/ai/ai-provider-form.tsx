import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ErrorCode } from "@tidings/contracts";
import { KeyRound } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useAsyncAction } from "../../../components/use-async-action.ts";
import { ApiError } from "../../../lib/api-client.ts";
import { aiKeys, type AiSettings, type AiSettingsPatch, aiSettingsQuery, saveAiSettings } from "../../../queries/ai.ts";
import { ProviderFields } from "./provider-fields.tsx";

const BUTTON = "rounded-lg px-3 py-1.5 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-50";

/** The reader's own provider, as the form edits it (the key is typed, never shown). */
function Form({ saved }: { saved: AiSettings }) {
  const { t } = useTranslation("settings");
  const client = useQueryClient();
  const [baseUrl, setBaseUrl] = useState(saved.baseUrl ?? "");
  const [model, setModel] = useState(saved.model ?? "");
  const [apiKey, setApiKey] = useState("");
  const describe = (error: unknown) => (error instanceof ApiError && error.code === ErrorCode.InvalidParameter ? t("ai.invalid_url") : error instanceof Error ? error.message : String(error));
  const action = useAsyncAction<string>(describe);

  const save = async (patch: AiSettingsPatch) => {
    const next = await saveAiSettings(patch);
    client.setQueryData(aiKeys.settings(), next);
    await client.invalidateQueries({ queryKey: aiKeys.config() });
    setApiKey("");
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const patch: AiSettingsPatch = { baseUrl: baseUrl.trim() || null, model: model.trim() || null, ...(apiKey.trim() ? { apiKey: apiKey.trim() } : {}) };
    void action.run(() => save(patch), "save");
  };
  const dirty = baseUrl !== (saved.baseUrl ?? "") || model !== (saved.model ?? "") || apiKey.trim() !== "";

  return (
    <form onSubmit={submit} className="space-y-3 py-3" data-testid="ai-provider-form">
      <ProviderFields baseUrl={baseUrl} model={model} apiKey={apiKey} saved={saved} onBaseUrl={setBaseUrl} onModel={setModel} onApiKey={setApiKey} error={action.error} />
      <div className="flex items-center justify-end gap-2">
        {saved.apiKeySet ? (
          <button
            type="button"
            className={`${BUTTON} inline-flex items-center gap-1.5 text-zinc-600 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800`}
            disabled={action.pending !== false}
            onClick={() => void action.run(() => save({ apiKey: null }), "clear")}
          >
            <KeyRound className="size-3.5" aria-hidden />
            {t("ai.clear_key")}
          </button>
        ) : null}
        <button type="submit" className={`${BUTTON} bg-orange-500 text-white hover:bg-orange-600`} disabled={!dirty || action.pending !== false} aria-busy={action.pending === "save" || undefined}>
          {action.pending === "save" ? t("ai.saving") : t("ai.save")}
        </button>
      </div>
    </form>
  );
}

/** Settings → AI, "your own provider": any OpenAI-compatible API, used instead of the instance's. */
export function AiProviderForm() {
  const { t } = useTranslation("settings");
  const { data, isError } = useQuery(aiSettingsQuery());
  if (isError) return <p className="py-3 text-sm text-red-600 dark:text-red-400">{t("ai.status_error")}</p>;
  if (!data) return <p className="py-3 text-sm text-zinc-500">{t("ai.status_loading")}</p>;
  return <Form key={`${data.baseUrl}|${data.model}|${data.apiKeyHint}`} saved={data} />;
}
