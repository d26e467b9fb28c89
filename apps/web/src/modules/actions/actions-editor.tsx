import { useQuery } from "@tanstack/react-query";
import type { ActionRule } from "@tidings/contracts";
import { Plus, Zap } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { ApiError } from "../../lib/api-client.ts";
import { statusConfigsQuery } from "../../queries/status.ts";
import { confirm } from "../modal/index.ts";
import { toastError } from "../toast/index.ts";
import { actionsQuery, applyActionsToExisting, saveActions } from "./actions-api.ts";
import { newTerm } from "./condition-editor.tsx";
import { DeliveriesLog } from "./deliveries-log.tsx";
import { BUTTON, PRIMARY } from "./editor-styles.ts";
import { PreviewPanel } from "./preview-panel.tsx";
import { ProblemText } from "./problem-text.tsx";
import { RuleCard } from "./rule-card.tsx";
import { problemFromReason, validateRules } from "./rule-validation.ts";

/** A rule of the draft, with a key that stays with it while rules move. */
interface DraftRule {
  key: number;
  rule: ActionRule;
  fresh?: boolean;
}

let nextKey = 1;
const toDraft = (rules: ActionRule[]): DraftRule[] => rules.map((rule) => ({ key: nextKey++, rule }));
const rulesOf = (draft: DraftRule[]) => draft.map((item) => item.rule);

/**
 * The reader's Actions (the `/action` page and Settings → Actions): their rules as an editable
 * draft, checked as they type, saved whole; a preview on their newest entries, "apply to
 * existing", the webhook secret and the delivery log.
 */
export function ActionsEditor() {
  const { t } = useTranslation("app");
  const saved = useQuery(actionsQuery);
  const configs = useQuery(statusConfigsQuery);
  const limits = { maxActions: configs.data?.MAX_ACTIONS ?? 100, maxWebhooksPerAction: configs.data?.MAX_WEBHOOKS_PER_ACTION ?? 5 };
  const [draft, setDraft] = useState<DraftRule[] | null>(null);
  const [serverProblem, setServerProblem] = useState<[string, string] | null>(null);
  const [saving, setSaving] = useState(false);
  const [applying, setApplying] = useState(false);
  const loaded = useRef(false);

  useEffect(() => {
    if (saved.data && !loaded.current) {
      loaded.current = true;
      setDraft(toDraft(saved.data.rules));
    }
  }, [saved.data]);

  const rules = useMemo(() => (draft ? rulesOf(draft) : []), [draft]);
  const problems = useMemo(() => validateRules(rules, limits), [rules, limits.maxActions, limits.maxWebhooksPerAction]); // eslint-disable-line react-hooks/exhaustive-deps
  const dirty = draft !== null && saved.data !== undefined && JSON.stringify(rules) !== JSON.stringify(saved.data.rules);
  const problemAt = (path: string) => problems.get(path) ?? (serverProblem?.[0] === path ? serverProblem[1] : undefined);
  const ruleHasProblem = (index: number) => [...problems.keys(), serverProblem?.[0] ?? ""].some((path) => path === String(index) || path.startsWith(`${index}.`));

  const update = (change: (draft: DraftRule[]) => DraftRule[]) => {
    setServerProblem(null);
    setDraft((old) => change(old ?? []));
  };

  const save = async () => {
    setSaving(true);
    try {
      const result = await saveActions(rules);
      setDraft(toDraft(result.rules));
      toast.success(t("actions.saved"));
    } catch (error) {
      const named = error instanceof ApiError ? problemFromReason(error.reason) : null;
      if (named) setServerProblem(named);
      toastError(error);
    } finally {
      setSaving(false);
    }
  };

  const applyExisting = async () => {
    const ok = await confirm({ title: t("actions.apply_title"), message: t("actions.apply_message"), confirmText: t("actions.apply") });
    if (!ok) return;
    setApplying(true);
    try {
      const result = await applyActionsToExisting();
      toast.success(t("actions.applied", { matched: result.matched, blocked: result.blocked, silenced: result.silenced, starred: result.starred }));
    } catch (error) {
      toastError(error);
    } finally {
      setApplying(false);
    }
  };

  if (saved.isError) {
    return (
      <p role="alert" className="text-sm text-red-600">
        {saved.error.message}
      </p>
    );
  }
  if (!draft) return <p className="text-sm text-zinc-500">{t("actions.loading")}</p>;
  const full = draft.length >= limits.maxActions;
  return (
    <div className="max-w-3xl space-y-6" data-testid="actions-editor">
      <div className="flex flex-wrap items-center gap-2">
        <p className="min-w-60 flex-1 text-sm text-zinc-500">{t("actions.intro")}</p>
        <button
          type="button"
          className={BUTTON}
          disabled={full}
          title={full ? t("actions.limit_reached", { count: limits.maxActions }) : undefined}
          onClick={() => update((old) => [...old, { key: nextKey++, fresh: true, rule: { name: "", condition: [[newTerm()]], result: {} } }])}
        >
          <Plus className="size-3.5" aria-hidden />
          {t("actions.new")}
        </button>
        <button type="button" className={BUTTON} disabled={!dirty || saving} onClick={() => update(() => toDraft(saved.data?.rules ?? []))}>
          {t("actions.discard")}
        </button>
        <button type="button" className={PRIMARY} disabled={!dirty || saving || problems.size > 0} aria-busy={saving || undefined} onClick={() => void save()}>
          {t("actions.save")}
        </button>
      </div>
      {dirty ? (
        <p className="text-xs text-amber-600 dark:text-amber-400" role="status">
          {problems.size > 0 ? t("actions.fix_problems", { count: problems.size }) : t("actions.unsaved")}
        </p>
      ) : null}
      <ProblemText message={problems.get("")} />
      {draft.length === 0 ? (
        <div className="rounded-xl border border-dashed border-zinc-300 px-6 py-10 text-center dark:border-zinc-700">
          <Zap className="mx-auto size-8 text-zinc-400" aria-hidden />
          <p className="mt-2 text-sm font-medium">{t("actions.empty_title")}</p>
          <p className="mt-1 text-xs text-zinc-500">{t("actions.empty_description")}</p>
        </div>
      ) : (
        <ol className="space-y-3">
          {draft.map((item, index) => (
            <RuleCard
              key={item.key}
              rule={item.rule}
              index={index}
              count={draft.length}
              open={item.fresh}
              maxWebhooks={limits.maxWebhooksPerAction}
              hasProblem={ruleHasProblem(index)}
              problem={(path) => problemAt(`${index}.${path}`)}
              onChange={(rule) => update((old) => old.map((other) => (other.key === item.key ? { ...other, rule } : other)))}
              onMove={(by) =>
                update((old) => {
                  const next = [...old];
                  const [moved] = next.splice(index, 1);
                  next.splice(index + by, 0, moved!);
                  return next;
                })
              }
              onRemove={() => update((old) => old.filter((other) => other.key !== item.key))}
            />
          ))}
        </ol>
      )}
      <PreviewPanel rules={rules} disabled={problems.size > 0} />
      <section className="space-y-2 rounded-xl border border-zinc-200 p-4 dark:border-zinc-800">
        <h3 className="text-sm font-semibold">{t("actions.existing_title")}</h3>
        <p className="text-xs text-zinc-500">{t("actions.existing_description")}</p>
        <button type="button" className={BUTTON} disabled={dirty || applying || (saved.data?.rules.length ?? 0) === 0} title={dirty ? t("actions.save_first") : undefined} onClick={() => void applyExisting()}>
          {t("actions.apply")}
        </button>
      </section>
      <DeliveriesLog secret={saved.data?.webhookSecret ?? ""} />
    </div>
  );
}
