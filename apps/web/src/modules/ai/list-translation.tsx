import type { Entry } from "@tidings/contracts";
import { useGeneralSetting } from "../../store/settings.store.ts";
import { useTranslationOn } from "./ai-view.store.ts";
import { plainText } from "./plain-text.ts";
import { useEntryTranslation } from "./use-entry-translation.ts";

/** Whether a list row shows its translation: cheap, so a row asks before mounting the translation itself. */
export function useListTranslationWanted(entryId: string): boolean {
  return useTranslationOn(entryId, useGeneralSetting("translation"));
}

/**
 * The translated title (and, for Articles, description) of a list row, under the original: asked
 * for only while the row is rendered, which in a virtual list means while it is on screen.
 */
export function ListTranslation({ entry, view, compact }: { entry: Entry; view: number; compact: boolean }) {
  const { on, state, language } = useEntryTranslation(entry, view, null);
  const title = state?.data.title;
  const description = state?.data.description ? plainText(state.data.description).slice(0, 240) : null;
  if (!on || (!title && !description)) return null;
  return (
    <div lang={language} className="mt-0.5 text-zinc-500 dark:text-zinc-400" data-testid="list-translation">
      {title ? <p className="line-clamp-2 text-[14px] leading-snug break-words">{title}</p> : null}
      {description && !compact ? <p className="mt-0.5 line-clamp-2 text-[13px] leading-snug break-words opacity-90">{description}</p> : null}
    </div>
  );
}
