import { randomBytes } from "node:crypto";
import { type ActionRule, type ActionsData, type ActionSettings, actionRulesSchema, ErrorCode, type TimelineItem } from "@tidings/contracts";
import type { Executor } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import type { RequestUser } from "../../http/context.ts";
import { type ActionOutcome, compileRules, type CompiledRules, InvalidActionRegex, rewrite } from "./action-engine.ts";
import { iso, rewriteHtml, subjectOf, webhookPayload } from "./action-rows.ts";
import type { ActionsServiceDeps, AfterIngest } from "./actions.ports.ts";
import type { ActionEntryRow, StoredActions } from "./actions.repo.ts";

export type { ActionsServiceDeps, AfterIngest } from "./actions.ports.ts";
export { webhookPayload } from "./action-rows.ts";

/** Rules of a reader kept compiled this long in one process (other processes see a change within it). */
const CACHE_MS = 5_000;
const MAX_CACHED = 10_000;
/** Entries a preview tries, newest first. */
export const PREVIEW_ENTRIES = 100;
/** Entries "apply to existing" goes through, newest first. */
export const APPLY_ENTRIES = 5_000;

/** Actions: a reader's rules, run on entries as they arrive and as they are shown. */
export function createActionsService(deps: ActionsServiceDeps) {
  const { repo, clock } = deps;
  const cache = new Map<string, { until: number; stored: StoredActions | null; compiled: CompiledRules | null }>();

  /** Rules as PUT takes them: the shape within limits (1002, or 12000 past MAX_ACTIONS), patterns RE2 runs. */
  async function validate(input: unknown): Promise<ActionRule[]> {
    const parsed = actionRulesSchema(deps.limits).safeParse(input);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const tooMany = issue.path.length === 0 && issue.code === "too_big";
      throw new AppError(tooMany ? ErrorCode.ActionLimitExceeded : ErrorCode.InvalidParameter, { reason: `rules${issue.path.map((p) => `[${String(p)}]`).join("")}: ${issue.message}` });
    }
    try {
      await compileRules(parsed.data);
    } catch (error) {
      if (error instanceof InvalidActionRegex) throw new AppError(ErrorCode.InvalidParameter, { reason: `${error.message} (RE2 syntax: no lookaround or backreferences)` });
      throw error;
    }
    return parsed.data;
  }

  /** A reader's compiled rules (null without any), from the cache when fresh. */
  async function compiledFor(userId: string, executor?: Executor): Promise<CompiledRules | null> {
    const now = performance.now();
    const hit = cache.get(userId);
    if (hit && hit.until > now) return hit.compiled;
    const stored = await repo.find(userId, executor);
    await remember(userId, stored);
    return cache.get(userId)!.compiled;
  }

  async function remember(userId: string, stored: StoredActions | null): Promise<void> {
    let compiled: CompiledRules | null = null;
    if (stored && stored.rules.length > 0) {
      try {
        compiled = await compileRules(stored.rules);
      } catch (error) {
        // Stored rules were valid when saved; a pattern the engine no longer takes disables them.
        deps.logger.warn({ err: error, userId }, "stored action rules do not compile");
      }
    }
    if (compiled && compiled.size === 0) compiled = null;
    if (cache.size >= MAX_CACHED) cache.clear();
    cache.set(userId, { until: performance.now() + CACHE_MS, stored, compiled });
  }

  /** Per reader and entry (the first row of each), the outcome of the reader's rules. */
  function outcomes(rows: ActionEntryRow[], rulesOf: (userId: string) => CompiledRules | null, now: number) {
    const seen = new Set<string>();
    const out: { row: ActionEntryRow; outcome: ActionOutcome }[] = [];
    for (const row of rows) {
      const key = `${row.user_id}\u0000${row.entry_id}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const outcome = rulesOf(row.user_id)?.match(subjectOf(row), now);
      if (outcome) out.push({ row, outcome });
    }
    return out;
  }

  /** Block, silence and star what `found` says, per reader, in `executor`'s transaction. */
  async function applyEffects(executor: Executor, found: { row: ActionEntryRow; outcome: ActionOutcome }[], now: Date) {
    const byUser = new Map<string, { block: string[]; silence: string[]; star: { entryId: string; feedId: string | null; view: number }[] }>();
    for (const { row, outcome } of found) {
      let effects = byUser.get(row.user_id);
      if (!effects) byUser.set(row.user_id, (effects = { block: [], silence: [], star: [] }));
      if (outcome.block) effects.block.push(row.entry_id);
      else {
        if (outcome.settings.silence) effects.silence.push(row.entry_id);
        if (outcome.settings.star) effects.star.push({ entryId: row.entry_id, feedId: row.feed_id, view: row.view });
      }
    }
    for (const [userId, effects] of byUser) {
      await repo.block(executor, userId, effects.block, now);
      await repo.silence(executor, userId, effects.silence);
      await repo.star(executor, userId, effects.star, now);
    }
  }

  return {
    validate,

    async get(user: RequestUser): Promise<ActionsData> {
      const stored = await repo.find(user.id);
      return { rules: stored?.rules ?? [], webhookSecret: stored?.webhookSecret ?? "", updatedAt: stored ? stored.updatedAt.toISOString() : null };
    },

    /**
     * PUT /actions: replaces the reader's rules (they apply to entries arriving from now on).
     * What a rule blocked stays blocked when the rule is changed or removed, whether it was
     * blocked on arrival or by "apply to existing": a block is recorded once as a fact
     * (blocked_entries), as final as it was at ingestion, where no webhook, notification or AI
     * work was done for the entry. Bringing entries back would also bring back, unread, what the
     * reader had chosen never to see, in every listing at once.
     */
    async save(user: RequestUser, input: unknown): Promise<ActionsData> {
      const rules = await validate(input);
      // Every webhook address passes the private-network policy before the rules are kept.
      const addresses = new Set(rules.flatMap((rule) => rule.result.webhooks ?? []));
      for (const url of addresses) await deps.checkAddress?.(user, url);
      const stored = await repo.save(user.id, rules, randomBytes(24).toString("base64url"), clock.now());
      await remember(user.id, stored);
      return { rules: stored.rules, webhookSecret: stored.webhookSecret, updatedAt: stored.updatedAt.toISOString() };
    },

    /** The reader's last {@link PREVIEW_ENTRIES} entries that `input` (unsaved rules) matches, with what would happen. */
    async preview(user: RequestUser, input: unknown) {
      const compiled = await compileRules(await validate(input));
      const now = clock.now().getTime();
      const rows = await repo.recent(user.id, PREVIEW_ENTRIES);
      return {
        tried: rows.length,
        matches: outcomes(rows, () => compiled, now).map(({ row, outcome }) => ({
          entryId: row.entry_id,
          title: row.title,
          feedTitle: row.feed_title,
          publishedAt: iso(row.published_at),
          rules: outcome.rules,
          block: outcome.block,
          settings: outcome.settings,
          webhooks: outcome.webhooks.map((hook) => hook.url),
          title_rewritten: outcome.titleRewriteRules.length > 0 && row.title ? rewrite(row.title, outcome.titleRewriteRules) : null,
        })),
      };
    },

    /**
     * Applies the saved rules to the reader's newest {@link APPLY_ENTRIES} entries already there:
     * blocks, silences and stars (webhooks, notifications and AI are for new entries only). A
     * block made here is recorded as one made on arrival: it outlives the rule (see {@link save}),
     * and takes the entry out of the reader's stars too.
     */
    async applyToExisting(user: RequestUser) {
      const compiled = await compiledFor(user.id);
      if (!compiled) return { matched: 0, blocked: 0, silenced: 0, starred: 0 };
      const rows = await repo.recent(user.id, APPLY_ENTRIES);
      const found = outcomes(rows, () => compiled, clock.now().getTime());
      await deps.transaction((tx) => applyEffects(tx, found, clock.now()));
      return {
        matched: found.length,
        blocked: found.filter((f) => f.outcome.block).length,
        silenced: found.filter((f) => !f.outcome.block && f.outcome.settings.silence).length,
        starred: found.filter((f) => !f.outcome.block && f.outcome.settings.star).length,
      };
    },

    async deliveries(user: RequestUser, limit: number) {
      return (await repo.deliveries(user.id, limit)).map((row) => ({
        id: row.id,
        entryId: row.entry_id,
        rule: row.rule,
        url: row.url,
        status: row.status,
        attempts: row.attempts,
        lastStatus: row.last_status,
        lastError: row.last_error,
        createdAt: iso(row.created_at),
        deliveredAt: row.delivered_at ? iso(row.delivered_at) : null,
        nextAttemptAt: row.status === "pending" ? iso(row.next_attempt_at) : null,
      }));
    },

    /**
     * Whether some reader following feed `feedId` has rules, as an SQL condition (read in the
     * statement that stores its entries): without, ingest() would find no rules to run.
     */
    rulesReachFeed: (feedId: string) => repo.rulesReachFeed(feedId),

    /**
     * At ingestion, in the transaction that delivered `entryIds`: runs the rules of every reader
     * they reached who has rules, blocking, silencing and starring for each, and queueing webhook
     * deliveries. Returns what is left for after the commit (null when no rule matched).
     */
    async ingest(executor: Executor, entryIds: string[], now: Date): Promise<AfterIngest | null> {
      const readers = await repo.rulesOfReaders(executor, entryIds);
      if (readers.size === 0) return null;
      for (const [userId, stored] of readers) if (cache.get(userId)?.stored?.updatedAt.getTime() !== stored.updatedAt.getTime()) await remember(userId, stored);
      const rows = await repo.deliveredTo(executor, [...readers.keys()], entryIds);
      const found = outcomes(rows, (userId) => cache.get(userId)?.compiled ?? null, now.getTime());
      if (found.length === 0) return null;
      await applyEffects(executor, found, now);
      const deliveries = found.flatMap(({ row, outcome }) =>
        outcome.block ? [] : outcome.webhooks.map((hook) => ({ id: deps.ids.next(), userId: row.user_id, entryId: row.entry_id, rule: hook.rule, url: hook.url, payload: webhookPayload(row, hook.rule, now) })),
      );
      await repo.enqueue(executor, deliveries, now);
      const live = found.filter(({ outcome }) => !outcome.block);
      return {
        ai: live
          .filter(({ outcome }) => outcome.settings.summary || outcome.settings.translation)
          .map(({ row, outcome }) => ({ userId: row.user_id, entryId: row.entry_id, view: row.view, summary: Boolean(outcome.settings.summary), translation: outcome.settings.translation ?? null })),
        notify: live
          .filter(({ outcome }) => outcome.settings.newEntryNotification && !outcome.settings.silence)
          .map(({ row }) => ({ userId: row.user_id, entryId: row.entry_id, title: row.title, feedTitle: row.feed_title })),
        webhooks: deliveries.length,
      };
    },

    /**
     * After a reader was given a source's recent entries at `now` (a new subscription, an OPML
     * import), in that transaction: their rules block, silence and star among them, as they do
     * for existing entries. Webhooks, notifications and AI are for entries that are new.
     */
    async afterBackfill(executor: Executor, userId: string, now: Date): Promise<void> {
      const compiled = await compiledFor(userId, executor);
      if (!compiled) return;
      const rows = await repo.deliveredAt(executor, userId, now);
      await applyEffects(executor, outcomes(rows, () => compiled, now.getTime()), now);
    },

    /**
     * After the ingestion's commit: wakes the webhook sender and starts AI work (errors logged),
     * settled when that work is. The rules' notifications (`notify`) are the caller's, queued in
     * the ingestion's transaction.
     */
    afterIngest(result: AfterIngest | null): Promise<void> {
      if (!result) return Promise.resolve();
      if (result.webhooks > 0) deps.wakeWebhooks?.();
      const ai = deps.ai;
      const work: Promise<unknown>[] = [];
      const logged = (entryId: string, promise: Promise<unknown>) => work.push(promise.catch((error: unknown) => deps.logger.warn({ err: error, entryId }, "action's AI work failed")));
      if (ai) {
        for (const task of result.ai) {
          if (task.summary) logged(task.entryId, ai.summarize(task.userId, task.entryId, task.translation ?? "en"));
          if (task.translation) logged(task.entryId, ai.translate(task.userId, task.entryId, task.translation, task.view));
        }
      }
      // Settles when the rules' AI work has (a process about to exit waits for it; a server does not).
      return Promise.all(work).then(() => undefined);
    },

    /**
     * What a reader is shown: items with their rules' `settings` and rewrites (titles and
     * content) applied. Blocking is done where entries arrive (and by "apply to existing"): a
     * rule saved now does not hide what came before.
     */
    async decorate(userId: string, items: TimelineItem[]): Promise<TimelineItem[]> {
      if (items.length === 0) return items;
      const compiled = await compiledFor(userId);
      if (!compiled) return items;
      const rows = new Map((await repo.subjectsOf(userId, items.map((item) => item.entries.id))).map((row) => [row.entry_id, row]));
      const now = clock.now().getTime();
      const shown: TimelineItem[] = [];
      for (const item of items) {
        const row = rows.get(item.entries.id);
        const outcome = row ? compiled.match(subjectOf(row), now) : null;
        if (!outcome) {
          shown.push(item);
          continue;
        }
        const settings: ActionSettings = { ...outcome.settings };
        const entry = { ...item.entries };
        if (outcome.titleRewriteRules.length > 0 && entry.title) entry.title = rewrite(entry.title, outcome.titleRewriteRules);
        if (outcome.rewriteRules.length > 0) {
          if (entry.content) entry.content = rewriteHtml(entry.content, outcome.rewriteRules);
          if (entry.description) entry.description = rewrite(entry.description, outcome.rewriteRules);
        }
        shown.push({ ...item, entries: entry, settings: settings as Record<string, unknown> });
      }
      return shown;
    },
  };
}

export type ActionsService = ReturnType<typeof createActionsService>;
