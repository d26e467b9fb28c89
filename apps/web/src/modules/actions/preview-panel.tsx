import type { ActionRule } from "@tidings/contracts";
import { Eye } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../lib/format.ts";
import { toastError } from "../toast/index.ts";
import { type ActionPreview, previewActions } from "./actions-api.ts";
import { BUTTON } from "./editor-styles.ts";

/** What the draft rules would do to the reader's newest entries, on demand. */
export function PreviewPanel({ rules, disabled }: { rules: ActionRule[]; disabled: boolean }) {
  const { t, i18n } = useTranslation("app");
  const [preview, setPreview] = useState<ActionPreview | null>(null);
  const [pending, setPending] = useState(false);
  const run = async () => {
    setPending(true);
    try {
      setPreview(await previewActions(rules));
    } catch (error) {
      toastError(error);
    } finally {
      setPending(false);
    }
  };
  return (
    <section className="space-y-3 rounded-xl border border-zinc-200 p-4 dark:border-zinc-800" data-testid="actions-preview">
      <div className="flex items-center justify-between gap-3">
        <div>
          <h3 className="text-sm font-semibold">{t("actions.preview_title")}</h3>
          <p className="text-xs text-zinc-500">{t("actions.preview_description")}</p>
        </div>
        <button type="button" className={BUTTON} disabled={disabled || pending || rules.length === 0} aria-busy={pending || undefined} onClick={() => void run()}>
          <Eye className="size-3.5" aria-hidden />
          {t("actions.preview")}
        </button>
      </div>
      {preview ? (
        <>
          <p className="text-xs text-zinc-500" role="status">
            {t("actions.preview_result", { matched: preview.matches.length, tried: preview.tried })}
          </p>
          {preview.matches.length > 0 ? (
            <ul className="max-h-96 divide-y divide-zinc-100 overflow-y-auto rounded-lg border border-zinc-100 dark:divide-zinc-800 dark:border-zinc-800">
              {preview.matches.map((match) => (
                <li key={match.entryId} className="px-3 py-2 text-sm" data-testid="preview-match">
                  <div className="flex items-baseline justify-between gap-3">
                    <span className={`min-w-0 truncate font-medium ${match.block ? "text-zinc-400 line-through" : ""}`}>{match.title_rewritten ?? match.title ?? t("actions.no_title")}</span>
                    <time className="shrink-0 text-xs text-zinc-500" dateTime={match.publishedAt}>
                      {formatDateTime(match.publishedAt, i18n.language)}
                    </time>
                  </div>
                  <p className="truncate text-xs text-zinc-500">
                    {[match.feedTitle, match.rules.join(", ")].filter(Boolean).join(" · ")}
                  </p>
                  <p className="mt-0.5 flex flex-wrap gap-1">{effects(match).map((effect) => <span key={effect} className="rounded bg-zinc-100 px-1.5 py-0.5 text-[11px] text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300">{t(`actions.results.${effect}`)}</span>)}</p>
                </li>
              ))}
            </ul>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

/** The results a match gets, as the editor names them. */
function effects(match: ActionPreview["matches"][number]): string[] {
  if (match.block) return ["block"];
  const names = Object.entries(match.settings)
    .filter(([, value]) => Boolean(value))
    .map(([key]) => key);
  if (match.title_rewritten) names.push("titleRewriteRules");
  if (match.webhooks.length > 0) names.push("webhooks");
  return names;
}
