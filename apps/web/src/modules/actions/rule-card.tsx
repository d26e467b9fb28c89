import type { ActionRule } from "@tidings/contracts";
import { ArrowDown, ArrowUp, ChevronDown, ChevronRight, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { SwitchControl } from "../../components/settings/setting-controls.tsx";
import { ConditionEditor } from "./condition-editor.tsx";
import { ICON_BUTTON, INPUT } from "./editor-styles.ts";
import { ProblemText } from "./problem-text.tsx";
import { ResultEditor } from "./result-editor.tsx";

/** One rule of the editor: its name, on/off, place in the order, conditions and results. */
export function RuleCard(props: {
  rule: ActionRule;
  index: number;
  count: number;
  /** Opened when first shown (a new rule). */
  open?: boolean;
  onChange: (rule: ActionRule) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
  problem: (path: string) => string | undefined;
  hasProblem: boolean;
  maxWebhooks: number;
}) {
  const { t } = useTranslation("app");
  const id = useId();
  const [open, setOpen] = useState(props.open ?? false);
  const { rule, index } = props;
  const enabled = rule.result.disabled !== true;
  const name = rule.name.trim() || t("actions.untitled", { number: index + 1 });
  return (
    <li
      data-testid="action-rule"
      className={`rounded-xl border bg-white shadow-sm dark:bg-zinc-900/40 ${props.hasProblem ? "border-red-300 dark:border-red-900" : "border-zinc-200 dark:border-zinc-800"}`}
    >
      <div className="flex items-center gap-2 px-3 py-2.5">
        <button type="button" className={ICON_BUTTON} aria-expanded={open} aria-controls={`${id}-body`} aria-label={open ? t("actions.collapse", { name }) : t("actions.expand", { name })} onClick={() => setOpen(!open)}>
          {open ? <ChevronDown className="size-4" aria-hidden /> : <ChevronRight className="size-4" aria-hidden />}
        </button>
        <input
          className={`${INPUT} flex-1 border-transparent bg-transparent font-medium hover:border-zinc-300 dark:border-transparent dark:bg-transparent ${enabled ? "" : "text-zinc-400"}`}
          aria-label={t("actions.name")}
          placeholder={t("actions.untitled", { number: index + 1 })}
          value={rule.name}
          onChange={(event) => props.onChange({ ...rule, name: event.target.value })}
        />
        {!open ? <span className="hidden text-xs text-zinc-500 sm:inline">{t("actions.summary", { conditions: rule.condition.reduce((n, group) => n + group.length, 0), results: resultCount(rule) })}</span> : null}
        <SwitchControl
          checked={enabled}
          label={enabled ? t("actions.disable", { name }) : t("actions.enable", { name })}
          onChange={(on) => props.onChange({ ...rule, result: { ...rule.result, disabled: on ? undefined : true } })}
        />
        <button type="button" className={ICON_BUTTON} disabled={index === 0} aria-label={t("actions.move_up", { name })} title={t("actions.move_up", { name })} onClick={() => props.onMove(-1)}>
          <ArrowUp className="size-4" aria-hidden />
        </button>
        <button type="button" className={ICON_BUTTON} disabled={index === props.count - 1} aria-label={t("actions.move_down", { name })} title={t("actions.move_down", { name })} onClick={() => props.onMove(1)}>
          <ArrowDown className="size-4" aria-hidden />
        </button>
        <button type="button" className={`${ICON_BUTTON} hover:text-red-600`} aria-label={t("actions.delete", { name })} title={t("actions.delete", { name })} onClick={props.onRemove}>
          <Trash2 className="size-4" aria-hidden />
        </button>
      </div>
      {open ? (
        <div id={`${id}-body`} className="space-y-4 border-t border-zinc-100 px-4 py-3 dark:border-zinc-800">
          <ProblemText message={props.problem("name")} />
          <section className="space-y-2">
            <h4 className="text-xs font-semibold tracking-wide text-zinc-500 uppercase">{t("actions.when")}</h4>
            <ConditionEditor condition={rule.condition} onChange={(condition) => props.onChange({ ...rule, condition })} problem={props.problem} />
          </section>
          <section className="space-y-2">
            <h4 className="text-xs font-semibold tracking-wide text-zinc-500 uppercase">{t("actions.then")}</h4>
            <ResultEditor result={rule.result} onChange={(result) => props.onChange({ ...rule, result })} problem={(path) => props.problem(`result.${path}`)} maxWebhooks={props.maxWebhooks} />
          </section>
        </div>
      ) : null}
    </li>
  );
}

/** How many things a rule does. */
function resultCount(rule: ActionRule): number {
  let count = 0;
  for (const [key, value] of Object.entries(rule.result)) {
    if (key === "disabled") continue;
    if (Array.isArray(value)) count += value.length;
    else if (value) count += 1;
  }
  return count;
}
