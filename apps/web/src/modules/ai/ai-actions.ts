import i18next from "i18next";
import { toast } from "sonner";
import { navigateTo } from "../../lib/navigation.ts";
import { queryClient } from "../../lib/query-client-instance.ts";
import { aiConfigQuery } from "../../queries/ai.ts";
import { effectiveGeneral, useSettings } from "../../store/settings.store.ts";
import { aiViewActions, useAiView } from "./ai-view.store.ts";

/** Where a reader configures the AI helpers. */
export const AI_SETTINGS_PATH = "/settings/ai";

const general = () => effectiveGeneral(useSettings.getState().general);

/** Shows or hides an entry's AI summary (the action; the `summary` setting decides by default). */
export function toggleSummary(entryId: string): void {
  const shown = useAiView.getState().summary[entryId] ?? general().summary;
  aiViewActions.setSummary(entryId, !shown);
}

/** Says plainly that translation needs a provider, with the way to configure one. */
export function toastTranslationUnavailable(): void {
  toast.info(i18next.t("app:ai.translation_unavailable"), {
    id: "ai-translation-unavailable",
    description: i18next.t("app:ai.translation_unavailable_hint"),
    action: { label: i18next.t("app:ai.open_settings"), onClick: () => navigateTo(AI_SETTINGS_PATH) },
  });
}

/**
 * Translates an entry or takes its translation away (the action; the `translation` setting decides
 * by default). Without a chat provider there is nothing to translate with: the person is told so.
 */
export async function toggleTranslation(entryId: string): Promise<void> {
  const on = useAiView.getState().translation[entryId] ?? general().translation;
  if (on) {
    aiViewActions.setTranslation(entryId, false);
    return;
  }
  const config = await queryClient()
    .fetchQuery(aiConfigQuery())
    .catch(() => null);
  if (config && !config.chat) {
    toastTranslationUnavailable();
    return;
  }
  aiViewActions.setOriginal(entryId, false);
  aiViewActions.setTranslation(entryId, true);
}
