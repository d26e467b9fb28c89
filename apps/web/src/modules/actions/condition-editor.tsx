import { ACTION_FIELDS, ACTION_OPERATORS, type ActionConditionItem, type ActionField, type ActionOperator } from "@tidings/contracts";
import { Plus, X } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { ICON_BUTTON, INPUT, LINK_BUTTON, SELECT } from "./editor-styles.ts";
import { ProblemText } from "./problem-text.tsx";

const FIELDS = Object.keys(ACTION_FIELDS) as ActionField[];
const VIEWS = [0, 1, 2, 3, 4, 5] as const;

/** A new term: the entry's title contains… */
export const newTerm = (): ActionConditionItem => ({ field: "entry_title", operator: "contains", value: "" });

/** The term with another field: an operator and a value that field takes. */
function withField(term: ActionConditionItem, field: ActionField): ActionConditionItem {
  const kind = ACTION_FIELDS[field];
  const operators = ACTION_OPERATORS[kind] as readonly ActionOperator[];
  const operator = operators.includes(term.operator) ? term.operator : operators[0]!;
  // A value carries over to a field of the same kind only.
  const sameKind = ACTION_FIELDS[term.field] === kind;
  const value = sameKind ? term.value : kind === "view" ? "0" : "";
  return { field, operator, value };
}

/**
 * The "when" of a rule: OR groups of AND terms, each term a field, an operator for its kind and a
 * value, with the problem of each under it. No group: the rule matches every entry.
 */
export function ConditionEditor(props: {
  condition: ActionConditionItem[][];
  onChange: (condition: ActionConditionItem[][]) => void;
  problem: (path: string) => string | undefined;
}) {
  const { t } = useTranslation("app");
  const { condition, onChange } = props;
  const setTerm = (g: number, i: number, term: ActionConditionItem | null) =>
    onChange(
      condition
        .map((group, gi) => (gi !== g ? group : term ? group.map((old, ii) => (ii === i ? term : old)) : group.filter((_, ii) => ii !== i)))
        .filter((group) => group.length > 0),
    );
  return (
    <div className="space-y-2">
      {condition.length === 0 ? <p className="text-xs text-zinc-500">{t("actions.every_entry")}</p> : null}
      {condition.map((group, g) => (
        <div key={g}>
          {g > 0 ? (
            <div className="my-2 flex items-center gap-2 text-[11px] font-semibold tracking-wide text-zinc-400 uppercase">
              <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
              {t("actions.or")}
              <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
            </div>
          ) : null}
          <div className="space-y-1.5 rounded-lg border border-zinc-200 bg-zinc-50/60 p-2 dark:border-zinc-800 dark:bg-zinc-900/60" data-testid="condition-group">
            {group.map((term, i) => (
              <TermRow
                key={i}
                first={i === 0}
                term={term}
                onChange={(next) => setTerm(g, i, next)}
                onRemove={() => setTerm(g, i, null)}
                problem={(field) => props.problem(`condition.${g}.${i}.${field}`)}
              />
            ))}
            <button type="button" className={LINK_BUTTON} onClick={() => onChange(condition.map((old, gi) => (gi === g ? [...old, newTerm()] : old)))}>
              <Plus className="size-3.5" aria-hidden />
              {t("actions.add_and")}
            </button>
          </div>
        </div>
      ))}
      <button type="button" className={LINK_BUTTON} onClick={() => onChange([...condition, [newTerm()]])}>
        <Plus className="size-3.5" aria-hidden />
        {condition.length === 0 ? t("actions.add_condition") : t("actions.add_or")}
      </button>
    </div>
  );
}

function TermRow(props: {
  first: boolean;
  term: ActionConditionItem;
  onChange: (term: ActionConditionItem) => void;
  onRemove: () => void;
  problem: (field: "field" | "operator" | "value") => string | undefined;
}) {
  const { t } = useTranslation("app");
  const id = useId();
  const { term } = props;
  const kind = ACTION_FIELDS[term.field];
  const operatorProblem = props.problem("operator");
  const valueProblem = props.problem("value");
  return (
    <div className="space-y-1" data-testid="condition-term">
      <div className="flex flex-wrap items-center gap-1.5">
        <span className="w-8 text-right text-[11px] font-semibold text-zinc-400 uppercase">{props.first ? t("actions.if") : t("actions.and")}</span>
        <select className={SELECT} aria-label={t("actions.field")} value={term.field} onChange={(event) => props.onChange(withField(term, event.target.value as ActionField))}>
          {FIELDS.map((field) => (
            <option key={field} value={field}>
              {t(`actions.fields.${field}`)}
            </option>
          ))}
        </select>
        <select
          className={SELECT}
          aria-label={t("actions.operator")}
          aria-invalid={operatorProblem ? true : undefined}
          value={term.operator}
          onChange={(event) => props.onChange({ ...term, operator: event.target.value as ActionOperator })}
        >
          {(ACTION_OPERATORS[kind] as readonly ActionOperator[]).map((operator) => (
            <option key={operator} value={operator}>
              {t(`actions.operators.${operator}`)}
            </option>
          ))}
        </select>
        {kind === "view" ? (
          <select className={SELECT} aria-label={t("actions.value")} value={term.value} onChange={(event) => props.onChange({ ...term, value: event.target.value })}>
            {VIEWS.map((view) => (
              <option key={view} value={String(view)}>
                {t(`common:views.${view}`)}
              </option>
            ))}
          </select>
        ) : (
          <input
            className={`${INPUT} flex-1 ${term.operator === "regex" ? "font-mono" : ""}`}
            aria-label={t("actions.value")}
            aria-invalid={valueProblem ? true : undefined}
            aria-describedby={valueProblem ? `${id}-value` : undefined}
            inputMode={kind === "number" ? "decimal" : undefined}
            placeholder={kind === "number" ? "0" : term.operator === "regex" ? "^breaking\\b" : t("actions.value_placeholder")}
            value={term.value}
            onChange={(event) => props.onChange({ ...term, value: event.target.value })}
          />
        )}
        <button type="button" className={ICON_BUTTON} aria-label={t("actions.remove_condition")} title={t("actions.remove_condition")} onClick={props.onRemove}>
          <X className="size-3.5" aria-hidden />
        </button>
      </div>
      <div className="pl-10">
        <ProblemText message={operatorProblem} />
        <ProblemText id={`${id}-value`} message={valueProblem} />
      </div>
    </div>
  );
}
