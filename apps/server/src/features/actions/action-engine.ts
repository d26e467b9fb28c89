// The engine of Actions: rules compiled once per reader, then matched against each entry as it
// reaches them (and as it is served). Text comparisons ignore case; regular expressions run on
// RE2 (re2js), which matches in linear time: a reader's pattern cannot stall the server.
import type { ActionConditionItem, ActionResult, ActionRewriteRule, ActionRule, ActionSettings } from "@tidings/contracts";
import type * as Re2Module from "re2js";
import type { RE2JS, RE2Set } from "re2js";
import { stripTags } from "../../content/search-text.ts";
import { onFirstUse } from "../../lib/on-first-use.ts";

type Re2 = typeof Re2Module;

/** RE2 (~1.5 MB resident once loaded), loaded when some reader's rules first hold a regular expression. */
const loadRe2 = onFirstUse<Re2>(() => import("re2js"));

/** Whether a pattern has special characters: one without is a literal, searched for without RE2 (much faster). */
const SPECIAL = /[\\^$.|?*+()[\]{}]/;

/** What a term can look at: the entry, its feed and the reader's subscription to it. */
export interface ActionSubject {
  view: number;
  /** The feed's title as the reader sees it (their own title for it, else the feed's). */
  feedTitle: string | null;
  category: string | null;
  siteUrl: string | null;
  feedUrl: string | null;
  entryTitle: string | null;
  /** The entry's content (sanitised HTML): terms compare its text. */
  entryContent: string | null;
  entryUrl: string | null;
  entryAuthor: string | null;
  mediaLength: number;
  publishedAt: Date;
}

/** A webhook to call for a matching entry, with the rule that asked for it. */
export interface ActionWebhook {
  url: string;
  rule: string;
}

/** The results of every enabled rule an entry matches, merged. */
export interface ActionOutcome {
  /** Names of the rules that matched, in order. */
  rules: string[];
  settings: ActionSettings;
  block: boolean;
  rewriteRules: ActionRewriteRule[];
  titleRewriteRules: ActionRewriteRule[];
  webhooks: ActionWebhook[];
}

/** A regular expression RE2 cannot run (lookaround, backreferences, bad syntax). */
export class InvalidActionRegex extends Error {
  readonly path: string;
  constructor(path: string, reason: string) {
    super(`${path}: ${reason}`);
    this.path = path;
  }
}

type Test = (subject: ActionSubject, cache: SubjectCache, now: number) => boolean;

const TEXT_OF: Record<string, (subject: ActionSubject) => string | null> = {
  title: (s) => s.feedTitle,
  category: (s) => s.category,
  site_url: (s) => s.siteUrl,
  feed_url: (s) => s.feedUrl,
  entry_title: (s) => s.entryTitle,
  entry_content: (s) => (s.entryContent ? stripTags(s.entryContent) : null),
  entry_url: (s) => s.entryUrl,
  entry_author: (s) => s.entryAuthor,
};

/**
 * The regular expressions of one field, all rules together: one pass of one automaton over the
 * text answers which of them match (each pattern is also kept alone, should the set's automaton
 * run out of memory on some text).
 */
class FieldPatterns {
  private readonly re2: Re2;
  private readonly patterns: RE2JS[] = [];
  private set: RE2Set | null = null;
  constructor(re2: Re2) {
    this.re2 = re2;
  }
  /** Adds a compiled pattern; answers its index. */
  add(pattern: RE2JS, source: string): number {
    this.patterns.push(pattern);
    this.set ??= new this.re2.RE2Set(this.re2.RE2Set.UNANCHORED, this.re2.RE2JS.CASE_INSENSITIVE);
    this.set.add(source);
    return this.patterns.length - 1;
  }
  /** Indices of the patterns found in `text`. */
  matches(text: string): Set<number> {
    if (this.patterns.length === 1) return new Set(this.patterns[0]!.test(text) ? [0] : []);
    try {
      return new Set(this.set!.match(text));
    } catch {
      return new Set(this.patterns.flatMap((pattern, index) => (pattern.test(text) ? [index] : [])));
    }
  }
}

/** The texts of one subject, as written and lower-cased, and its pattern matches, each made when first asked for. */
class SubjectCache {
  private readonly subject: ActionSubject;
  private readonly patterns: Map<string, FieldPatterns>;
  private readonly raw = new Map<string, string>();
  private readonly lower = new Map<string, string>();
  private readonly hits = new Map<string, Set<number>>();
  constructor(subject: ActionSubject, patterns: Map<string, FieldPatterns>) {
    this.subject = subject;
    this.patterns = patterns;
  }
  text(field: string): string {
    let text = this.raw.get(field);
    if (text === undefined) {
      text = TEXT_OF[field]!(this.subject) ?? "";
      this.raw.set(field, text);
    }
    return text;
  }
  lowerText(field: string): string {
    let text = this.lower.get(field);
    if (text === undefined) {
      text = this.text(field).toLowerCase();
      this.lower.set(field, text);
    }
    return text;
  }
  /** Whether the field's pattern `index` is found in its text. */
  found(field: string, index: number): boolean {
    let hits = this.hits.get(field);
    if (hits === undefined) {
      hits = this.patterns.get(field)!.matches(this.text(field));
      this.hits.set(field, hits);
    }
    return hits.has(index);
  }
}

const NUMBER_OF: Record<string, (subject: ActionSubject, now: number) => number> = {
  view: (s) => s.view,
  entry_media_length: (s) => s.mediaLength,
  entry_age_hours: (s, now) => (now - s.publishedAt.getTime()) / 3_600_000,
};

function compileTerm(term: ActionConditionItem, path: string, patterns: Map<string, FieldPatterns>, re2: Re2 | null): Test {
  const field = term.field;
  if (TEXT_OF[field]) {
    const value = term.value.trim().toLowerCase();
    switch (term.operator) {
      case "contains":
        return (_, c) => c.lowerText(field).includes(value);
      case "not_contains":
        return (_, c) => !c.lowerText(field).includes(value);
      case "eq":
        return (_, c) => c.lowerText(field).trim() === value;
      case "not_eq":
        return (_, c) => c.lowerText(field).trim() !== value;
      case "regex": {
        if (!SPECIAL.test(term.value)) {
          const literal = term.value.toLowerCase();
          return (_, c) => c.lowerText(field).includes(literal);
        }
        let pattern: RE2JS;
        try {
          pattern = re2!.RE2JS.compile(term.value, re2!.RE2JS.CASE_INSENSITIVE);
        } catch (error) {
          throw new InvalidActionRegex(path, error instanceof Error ? error.message : String(error));
        }
        let fieldPatterns = patterns.get(field);
        if (!fieldPatterns) patterns.set(field, (fieldPatterns = new FieldPatterns(re2!)));
        const index = fieldPatterns.add(pattern, term.value);
        return (_, c) => c.found(field, index);
      }
      default:
        return () => false;
    }
  }
  const number = NUMBER_OF[term.field]!;
  const value = Number(term.value.trim());
  switch (term.operator) {
    case "eq":
      return (s, _, now) => number(s, now) === value;
    case "not_eq":
      return (s, _, now) => number(s, now) !== value;
    case "gt":
      return (s, _, now) => number(s, now) > value;
    case "lt":
      return (s, _, now) => number(s, now) < value;
    default:
      return () => false;
  }
}

interface CompiledRule {
  name: string;
  /** OR of ANDs; an empty list matches every entry. */
  groups: Test[][];
  result: ActionResult;
}

/** A reader's rules, ready to match entries. */
export interface CompiledRules {
  readonly size: number;
  /** What the enabled rules matching `subject` do, merged; null when none matches. */
  match(subject: ActionSubject, now?: number): ActionOutcome | null;
}

/**
 * Compiles rules (disabled ones are left out). Rejects with {@link InvalidActionRegex}, naming the
 * term, for a pattern RE2 refuses.
 */
export async function compileRules(rules: readonly ActionRule[]): Promise<CompiledRules> {
  const re2 = rules.some((rule) => rule.condition.some((group) => group.some((term) => term.operator === "regex" && SPECIAL.test(term.value)))) ? await loadRe2() : null;
  const compiled: CompiledRule[] = [];
  const patterns = new Map<string, FieldPatterns>();
  rules.forEach((rule, index) => {
    // A disabled rule's patterns are checked too (it may be turned on later), apart from the others.
    const groups = rule.condition.map((group, g) => group.map((term, t) => compileTerm(term, `rules[${index}].condition[${g}][${t}]`, rule.result.disabled ? new Map() : patterns, re2)));
    if (rule.result.disabled) return;
    compiled.push({ name: rule.name || `Action ${index + 1}`, groups, result: rule.result });
  });
  return {
    size: compiled.length,
    match(subject, now = Date.now()) {
      const cache = new SubjectCache(subject, patterns);
      let outcome: ActionOutcome | null = null;
      for (const rule of compiled) {
        if (rule.groups.length > 0 && !rule.groups.some((group) => group.every((test) => test(subject, cache, now)))) continue;
        outcome ??= { rules: [], settings: {}, block: false, rewriteRules: [], titleRewriteRules: [], webhooks: [] };
        merge(outcome, rule);
      }
      return outcome;
    },
  };
}

function merge(outcome: ActionOutcome, rule: CompiledRule): void {
  const { result } = rule;
  outcome.rules.push(rule.name);
  const settings = outcome.settings;
  if (result.translation && !settings.translation) settings.translation = result.translation;
  for (const key of ["summary", "readability", "sourceContent", "silence", "newEntryNotification", "star"] as const) {
    if (result[key]) settings[key] = true;
  }
  if (result.block) outcome.block = true;
  if (result.rewriteRules) outcome.rewriteRules.push(...result.rewriteRules);
  if (result.titleRewriteRules) outcome.titleRewriteRules.push(...result.titleRewriteRules);
  for (const url of result.webhooks ?? []) {
    const trimmed = url.trim();
    if (trimmed && !outcome.webhooks.some((hook) => hook.url === trimmed)) outcome.webhooks.push({ url: trimmed, rule: rule.name });
  }
}

/** `text` with each rule's `from` replaced by its `to`, in order, everywhere. */
export function rewrite(text: string, rules: readonly ActionRewriteRule[]): string {
  let out = text;
  for (const rule of rules) if (rule.from) out = out.split(rule.from).join(rule.to);
  return out;
}
