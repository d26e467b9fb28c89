import { type ActionRule, actionRulesSchema } from "@tidings/contracts";

/** Field path of a problem, as the editor names its inputs: `0.condition.1.2.value`, `3.result.webhooks.0`. */
export type ProblemPath = string;

/**
 * What RE2 (the server's engine) refuses but JavaScript takes: lookaround and backreferences.
 * The server has the last word; this tells the reader while they type.
 */
const NOT_IN_RE2 = /\(\?<?[=!]|\\[1-9]|\\k</;

/** A problem of a regular expression as the reader types it, or null. */
export function regexProblem(pattern: string): "invalid" | "unsupported" | null {
  if (NOT_IN_RE2.test(pattern)) return "unsupported";
  try {
    new RegExp(pattern, "iu");
    return null;
  } catch {
    try {
      new RegExp(pattern, "i");
      return null;
    } catch {
      return "invalid";
    }
  }
}

/**
 * The problems of draft rules by field path, with the server's own schema (the same limits), plus
 * regular expressions checked as RE2 would. Empty when the rules can be saved.
 */
export function validateRules(rules: ActionRule[], limits: { maxActions: number; maxWebhooksPerAction: number }): Map<ProblemPath, string> {
  const problems = new Map<ProblemPath, string>();
  const parsed = actionRulesSchema(limits).safeParse(rules);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.join(".");
      if (!problems.has(path)) problems.set(path, issue.message);
    }
  }
  rules.forEach((rule, r) =>
    rule.condition.forEach((group, g) =>
      group.forEach((term, i) => {
        if (term.operator !== "regex") return;
        const problem = regexProblem(term.value);
        const path = `${r}.condition.${g}.${i}.value`;
        if (problem && !problems.has(path)) problems.set(path, problem === "unsupported" ? "regex_unsupported" : "regex_invalid");
      }),
    ),
  );
  return problems;
}

/**
 * The field a server refusal names (`rules[0].condition[1][2]: …`), as a problem path; null when
 * the reason names none.
 */
export function problemFromReason(reason: string | undefined): [ProblemPath, string] | null {
  const match = reason?.match(/^rules(\S*?):\s*(.*)$/s);
  if (!match) return null;
  const parts = [...match[1]!.matchAll(/\[([^\]]+)\]|\.(\w+)/g)].map((part) => part[1] ?? part[2]);
  if (parts.length === 0) return null;
  let path = parts.join(".");
  // A term named whole is refused for its value (a pattern RE2 does not take).
  if (/^\d+\.condition\.\d+\.\d+$/.test(path)) path += ".value";
  return [path, match[2]!];
}
