// Actions: a reader's automation rules (`GET`/`PUT /actions`), in the reference client's shape:
// `condition` is OR groups of AND terms over the feed and the entry, `result` what happens to an
// entry that matches. Shared by the server (which runs them) and the web editor (which validates
// as the reader types), so both speak of the same fields, operators and limits.
import { z } from "zod";

/** Fields a term looks at; the kind of value each compares (text, number, or a view number). */
export const ACTION_FIELDS = {
  view: "view",
  title: "text",
  category: "text",
  site_url: "text",
  feed_url: "text",
  entry_title: "text",
  entry_content: "text",
  entry_url: "text",
  entry_author: "text",
  entry_media_length: "number",
  /** Hours since the entry was published (an extension of the reference's fields). */
  entry_age_hours: "number",
} as const satisfies Record<string, "text" | "number" | "view">;

export type ActionField = keyof typeof ACTION_FIELDS;
export type ActionFieldKind = (typeof ACTION_FIELDS)[ActionField];

/** Operators by the kind of field they apply to. */
export const ACTION_OPERATORS = {
  text: ["contains", "not_contains", "eq", "not_eq", "regex"],
  number: ["eq", "not_eq", "gt", "lt"],
  view: ["eq", "not_eq"],
} as const satisfies Record<ActionFieldKind, readonly string[]>;

export type ActionOperator = "contains" | "not_contains" | "eq" | "not_eq" | "gt" | "lt" | "regex";

export const ACTION_TRANSLATION_LANGUAGES = ["en", "ja", "zh-CN", "zh-TW"] as const;

/** Longest value of a term, text to replace or replacement. */
export const ACTION_TEXT_MAX = 2000;

export interface ActionConditionItem {
  field: ActionField;
  operator: ActionOperator;
  value: string;
}

/** Text replaced in what a reader is shown (`from` as written, every occurrence). */
export interface ActionRewriteRule {
  from: string;
  to: string;
}

/** What a rule does to the entries it matches; an absent key does nothing. */
export interface ActionResult {
  /** The rule is switched off. */
  disabled?: boolean;
  /** Translate the entry into this language (AI). */
  translation?: (typeof ACTION_TRANSLATION_LANGUAGES)[number];
  /** Show its AI summary above the content. */
  summary?: boolean;
  /** Open it in the reader view (the page's article). */
  readability?: boolean;
  /** Open the original page instead of the feed's content. */
  sourceContent?: boolean;
  /** Notify the reader of it (push), even with the app closed. */
  newEntryNotification?: boolean;
  /** It arrives read: no unread count, no notification. */
  silence?: boolean;
  /** It never reaches the reader's timeline. */
  block?: boolean;
  /** Star it on arrival. */
  star?: boolean;
  /** Replace text in its content. */
  rewriteRules?: ActionRewriteRule[];
  /** Replace text in its title (an extension of the reference's results). */
  titleRewriteRules?: ActionRewriteRule[];
  /** POST it, as JSON signed with the reader's webhook secret, to these URLs. */
  webhooks?: string[];
}

export interface ActionRule {
  name: string;
  /** OR groups of AND terms; no group: every entry. */
  condition: ActionConditionItem[][];
  result: ActionResult;
}

/** `GET /actions`. `webhookSecret` signs webhook deliveries (HMAC-SHA256 of the body). */
export interface ActionsData {
  rules: ActionRule[];
  webhookSecret: string;
  updatedAt: string | null;
}

/** What the timeline's items carry of the rules that matched them (`settings`): their results merged. */
export type ActionSettings = Pick<ActionResult, "translation" | "summary" | "readability" | "sourceContent" | "silence" | "newEntryNotification" | "star">;

const text = z.string().max(ACTION_TEXT_MAX);
const rewriteRule = z.object({ from: text.min(1, "Text to replace is required"), to: text });

const conditionItem = z
  .object({
    field: z.enum(Object.keys(ACTION_FIELDS) as [ActionField, ...ActionField[]]),
    operator: z.enum(["contains", "not_contains", "eq", "not_eq", "gt", "lt", "regex"]),
    value: text,
  })
  .superRefine((item, ctx) => {
    const kind = ACTION_FIELDS[item.field];
    if (!(ACTION_OPERATORS[kind] as readonly string[]).includes(item.operator)) {
      ctx.addIssue({ code: "custom", path: ["operator"], message: `${item.operator} does not apply to ${item.field}` });
    }
    if (kind !== "text" && !/^-?\d+(?:\.\d+)?$/.test(item.value.trim())) {
      ctx.addIssue({ code: "custom", path: ["value"], message: kind === "view" ? "Choose a view" : "Enter a number" });
    }
  });

/**
 * The rules as `PUT /actions` takes them, within `limits`. A flat condition (the reference's
 * older form) is one group. Regular expressions are checked by the server's engine (RE2 syntax).
 */
export function actionRulesSchema(limits: { maxActions: number; maxWebhooksPerAction: number }) {
  const result = z.object({
    disabled: z.boolean().optional(),
    translation: z.enum(ACTION_TRANSLATION_LANGUAGES).optional(),
    summary: z.boolean().optional(),
    readability: z.boolean().optional(),
    sourceContent: z.boolean().optional(),
    newEntryNotification: z.boolean().optional(),
    silence: z.boolean().optional(),
    block: z.boolean().optional(),
    star: z.boolean().optional(),
    rewriteRules: z.array(rewriteRule).max(50).optional(),
    titleRewriteRules: z.array(rewriteRule).max(50).optional(),
    webhooks: z
      .array(
        z
          .string()
          .max(2048)
          .refine((value) => /^https?:\/\/[^\s/]+/i.test(value.trim()), "Enter an http(s) URL"),
      )
      .max(limits.maxWebhooksPerAction, `At most ${limits.maxWebhooksPerAction} webhooks per action`)
      .optional(),
  });
  const rule = z.object({
    name: z.string().trim().max(200),
    condition: z
      .union([z.array(z.array(conditionItem).max(50)).max(50), z.array(conditionItem).max(50)])
      .transform((condition): ActionConditionItem[][] =>
        condition.length > 0 && !Array.isArray(condition[0]) ? [condition as ActionConditionItem[]] : (condition as ActionConditionItem[][]).filter((group) => group.length > 0),
      ),
    result: result,
  });
  return z.array(rule).max(limits.maxActions, `At most ${limits.maxActions} actions`);
}
