import { Languages, LoaderCircle, RotateCw } from "lucide-react";
import { useTranslation } from "react-i18next";
import { aiErrorText } from "./ai-error.ts";

const BAR = "mb-6 flex items-center gap-3 rounded-lg px-3 py-2 text-sm";
const LINK = "shrink-0 font-medium text-orange-700 underline-offset-2 hover:underline dark:text-orange-300";

export type TranslationBarProps =
  | { status: "pending"; language: string }
  | { status: "error"; error: unknown; onRetry: () => void }
  | { status: "translated"; language: string; original: boolean; onToggle: () => void };

/** What the reader says about the translation of the content: under way, failed, or shown (with the way back to the original). */
export function TranslationBar(props: TranslationBarProps) {
  const { t } = useTranslation(["app", "lang"]);
  if (props.status === "pending") {
    return (
      <p role="status" className={`${BAR} bg-zinc-100 text-zinc-600 dark:bg-zinc-900 dark:text-zinc-400`} data-print-hide data-testid="translation-bar" data-status="pending">
        <LoaderCircle className="size-4 shrink-0 animate-spin" aria-hidden />
        {t("ai.translating", { language: t(`lang:${props.language}`) })}
      </p>
    );
  }
  if (props.status === "error") {
    const { message, reason } = aiErrorText(props.error);
    return (
      <div role="alert" className={`${BAR} bg-red-50 text-red-800 dark:bg-red-500/10 dark:text-red-200`} data-print-hide data-testid="translation-bar" data-status="error">
        <Languages className="size-4 shrink-0" aria-hidden />
        <span className="min-w-0 flex-1" title={reason}>
          {t("ai.translation_failed", { message })}
        </span>
        <button type="button" className={`${LINK} inline-flex items-center gap-1`} onClick={props.onRetry}>
          <RotateCw className="size-3.5" aria-hidden />
          {t("ai.retry")}
        </button>
      </div>
    );
  }
  return (
    <div className={`${BAR} bg-sky-50 text-sky-900 dark:bg-sky-400/10 dark:text-sky-100`} data-print-hide data-testid="translation-bar" data-status="translated">
      <Languages className="size-4 shrink-0" aria-hidden />
      <span className="min-w-0 flex-1">{props.original ? t("ai.showing_original") : t("ai.translated_into", { language: t(`lang:${props.language}`) })}</span>
      <button type="button" className={LINK} onClick={props.onToggle} aria-pressed={props.original}>
        {props.original ? t("ai.show_translation") : t("ai.show_original")}
      </button>
    </div>
  );
}
