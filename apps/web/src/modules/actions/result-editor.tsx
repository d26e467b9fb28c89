import { ACTION_TRANSLATION_LANGUAGES, type ActionResult, type ActionRewriteRule } from "@tidings/contracts";
import { ArrowRight, Plus, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ICON_BUTTON, INPUT, LINK_BUTTON, SELECT } from "./editor-styles.ts";
import { ProblemText } from "./problem-text.tsx";

/** The switches of a result, in the order the editor shows them. */
const FLAGS = ["block", "silence", "star", "summary", "readability", "sourceContent", "newEntryNotification"] as const;
type Flag = (typeof FLAGS)[number];

/** The result without the keys that do nothing (unset flags, empty lists). */
function tidy(result: ActionResult): ActionResult {
  const next: ActionResult = { ...result };
  for (const key of Object.keys(next) as (keyof ActionResult)[]) {
    const value = next[key];
    if (value === false || value === undefined || (Array.isArray(value) && value.length === 0)) delete next[key];
  }
  return next;
}

/** The "then" of a rule: what happens to the entries it matches. */
export function ResultEditor(props: {
  result: ActionResult;
  onChange: (result: ActionResult) => void;
  problem: (path: string) => string | undefined;
  maxWebhooks: number;
}) {
  const { t } = useTranslation("app");
  const { result } = props;
  const set = (patch: Partial<ActionResult>) => props.onChange(tidy({ ...result, ...patch, disabled: result.disabled }));
  const webhooks = result.webhooks ?? [];
  return (
    <div className="space-y-4">
      <div className="grid gap-x-4 gap-y-1.5 sm:grid-cols-2">
        {FLAGS.map((flag: Flag) => (
          <label key={flag} className="flex items-start gap-2 text-sm" title={t(`actions.results.${flag}_description`)}>
            <input
              type="checkbox"
              className="mt-0.5 size-4 accent-orange-500"
              checked={result[flag] === true}
              disabled={flag !== "block" && result.block === true}
              onChange={(event) => set({ [flag]: event.target.checked })}
            />
            <span>
              {t(`actions.results.${flag}`)}
              <span className="block text-xs text-zinc-500">{t(`actions.results.${flag}_description`)}</span>
            </span>
          </label>
        ))}
      </div>
      {result.block ? <p className="text-xs text-amber-600 dark:text-amber-400">{t("actions.block_note")}</p> : null}
      <fieldset disabled={result.block === true} className="space-y-4 disabled:opacity-50">
        <label className="flex items-center gap-2 text-sm">
          <span className="min-w-32">{t("actions.results.translation")}</span>
          <select className={SELECT} value={result.translation ?? ""} onChange={(event) => set({ translation: (event.target.value || undefined) as ActionResult["translation"] })}>
            <option value="">{t("actions.no_translation")}</option>
            {ACTION_TRANSLATION_LANGUAGES.map((language) => (
              <option key={language} value={language}>
                {t(`lang:${language}`)}
              </option>
            ))}
          </select>
        </label>
        <RewriteList
          title={t("actions.results.titleRewriteRules")}
          description={t("actions.results.titleRewriteRules_description")}
          rules={result.titleRewriteRules ?? []}
          onChange={(rules) => set({ titleRewriteRules: rules })}
          problem={(path) => props.problem(`titleRewriteRules.${path}`)}
        />
        <RewriteList
          title={t("actions.results.rewriteRules")}
          description={t("actions.results.rewriteRules_description")}
          rules={result.rewriteRules ?? []}
          onChange={(rules) => set({ rewriteRules: rules })}
          problem={(path) => props.problem(`rewriteRules.${path}`)}
        />
        <div className="space-y-1.5">
          <p className="text-sm">{t("actions.results.webhooks")}</p>
          <p className="text-xs text-zinc-500">{t("actions.results.webhooks_description")}</p>
          {webhooks.map((url, i) => (
            <div key={i} className="space-y-1">
              <div className="flex items-center gap-1.5">
                <input
                  type="url"
                  className={`${INPUT} flex-1 font-mono`}
                  aria-label={t("actions.webhook_url")}
                  aria-invalid={props.problem(`webhooks.${i}`) ? true : undefined}
                  placeholder="https://example.com/hooks/tidings"
                  value={url}
                  onChange={(event) => set({ webhooks: webhooks.map((old, j) => (j === i ? event.target.value : old)) })}
                />
                <button type="button" className={ICON_BUTTON} aria-label={t("actions.remove_webhook")} title={t("actions.remove_webhook")} onClick={() => set({ webhooks: webhooks.filter((_, j) => j !== i) })}>
                  <X className="size-3.5" aria-hidden />
                </button>
              </div>
              <ProblemText message={props.problem(`webhooks.${i}`)} />
            </div>
          ))}
          <ProblemText message={props.problem("webhooks")} />
          <button type="button" className={LINK_BUTTON} disabled={webhooks.length >= props.maxWebhooks} onClick={() => set({ webhooks: [...webhooks, ""] })}>
            <Plus className="size-3.5" aria-hidden />
            {t("actions.add_webhook")}
          </button>
        </div>
      </fieldset>
    </div>
  );
}

/** Pairs of text to replace and its replacement. */
function RewriteList(props: { title: string; description: string; rules: ActionRewriteRule[]; onChange: (rules: ActionRewriteRule[]) => void; problem: (path: string) => string | undefined }) {
  const { t } = useTranslation("app");
  const { rules, onChange } = props;
  const setRule = (i: number, rule: ActionRewriteRule) => onChange(rules.map((old, j) => (j === i ? rule : old)));
  return (
    <div className="space-y-1.5">
      <p className="text-sm">{props.title}</p>
      <p className="text-xs text-zinc-500">{props.description}</p>
      {rules.map((rule, i) => (
        <div key={i} className="space-y-1">
          <div className="flex items-center gap-1.5">
            <input
              className={`${INPUT} flex-1`}
              aria-label={t("actions.rewrite_from")}
              placeholder={t("actions.rewrite_from")}
              aria-invalid={props.problem(`${i}.from`) ? true : undefined}
              value={rule.from}
              onChange={(event) => setRule(i, { ...rule, from: event.target.value })}
            />
            <ArrowRight className="size-3.5 shrink-0 text-zinc-400" aria-hidden />
            <input className={`${INPUT} flex-1`} aria-label={t("actions.rewrite_to")} placeholder={t("actions.rewrite_to")} value={rule.to} onChange={(event) => setRule(i, { ...rule, to: event.target.value })} />
            <button type="button" className={ICON_BUTTON} aria-label={t("actions.remove_rewrite")} title={t("actions.remove_rewrite")} onClick={() => onChange(rules.filter((_, j) => j !== i))}>
              <X className="size-3.5" aria-hidden />
            </button>
          </div>
          <ProblemText message={props.problem(`${i}.from`)} />
        </div>
      ))}
      <button type="button" className={LINK_BUTTON} onClick={() => onChange([...rules, { from: "", to: "" }])}>
        <Plus className="size-3.5" aria-hidden />
        {t("actions.add_rewrite")}
      </button>
    </div>
  );
}
