import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { SettingRow } from "../../../components/settings/setting-row.tsx";
import { settingsActions, useGeneralSetting } from "../../../store/settings.store.ts";

/** The voices of OpenAI-compatible speech APIs, offered when the server speaks. */
const SERVER_VOICES = ["alloy", "ash", "coral", "echo", "fable", "nova", "onyx", "sage", "shimmer"];

/** The browser's voices, as they arrive (Chromium lists them only after `voiceschanged`). */
function useBrowserVoices(): string[] {
  const [voices, setVoices] = useState<string[]>([]);
  useEffect(() => {
    if (typeof speechSynthesis === "undefined") return;
    const read = () => setVoices(speechSynthesis.getVoices().map((voice) => voice.name));
    read();
    speechSynthesis.addEventListener("voiceschanged", read);
    return () => speechSynthesis.removeEventListener("voiceschanged", read);
  }, []);
  return voices;
}

/**
 * The `voice` setting (this device only): a name the server's speech API or the browser knows,
 * typed or picked from those on offer. A browser without it speaks in a voice of the entry's language.
 */
export function VoiceInput({ serverSpeech }: { serverSpeech: boolean }) {
  const { t } = useTranslation("settings");
  const id = useId();
  const listId = useId();
  const voice = useGeneralSetting("voice");
  const [draft, setDraft] = useState(voice);
  const browser = useBrowserVoices();
  const options = [...new Set([voice, ...(serverSpeech ? SERVER_VOICES : []), ...browser])];
  const commit = () => {
    const next = draft.trim();
    if (next && next !== voice) settingsActions.setGeneral({ voice: next });
    else setDraft(voice);
  };
  return (
    <SettingRow title={t("ai.voice")} description={serverSpeech ? t("ai.voice_description_server") : t("ai.voice_description_browser")} htmlFor={id}>
      <input
        id={id}
        list={listId}
        className="w-64 shrink-0 rounded-lg border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-900"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => event.key === "Enter" && commit()}
      />
      <datalist id={listId}>
        {options.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
    </SettingRow>
  );
}
