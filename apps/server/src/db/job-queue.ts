import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { type SQL, sql } from "drizzle-orm";
import { type ClaimLoop, createClaimLoop, DEFAULT_LEASE_MS, type RetrySchedule, retryAt } from "../lib/claim-loop.ts";
import type { Clock } from "../lib/clock.ts";
import type { Logger } from "../lib/logger.ts";
import { rowsOf, type Database, type Executor } from "./client.ts";
import { at } from "./sql-helpers.ts";

/** Work to queue: its kind, what it needs, and optionally its name (a second enqueue of it is a no-op) and when it is due. */
export interface NewJob {
  kind: string;
  payload?: unknown;
  dedupeKey?: string | null;
  runAt?: Date;
}

/** A job this process claimed: it holds it until `leasedUntil`. */
export interface ClaimedJob<P = unknown> {
  id: string;
  kind: string;
  dedupeKey: string | null;
  payload: P;
  /** Attempts started, this one included. */
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  /** This claim's name: what the job's row says while it is held by it. */
  leasedBy: string;
  /** Until when it is held (renewed while the work goes on). */
  leasedUntil: Date;
}

/** How long finished jobs are kept (dedupe keys hold that long), and unclaimed ones at most. */
export const JOB_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

const processName = () => `${hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;

/**
 * The `jobs` table as a queue: enqueue (in the caller's
 * transaction, so work is queued with what it is about or not at all), claim due jobs under a lease
 * in one statement (`FOR UPDATE SKIP LOCKED`: concurrent claimers take disjoint jobs), and record
 * the outcome. Each claim has its own name (`leased_by`: the queue's owner and a number): outcomes
 * and renewals are recorded only under it, so a late answer after the lease ended and another
 * claim took the job changes nothing.
 */
export function createJobQueue(db: Database, options: { owner?: string } = {}) {
  const owner = options.owner ?? processName();
  let claims = 0;
  const held = (job: ClaimedJob) => sql`id = ${job.id}::bigint AND status = 'pending' AND leased_by = ${job.leasedBy}`;
  const leases = (jobs: readonly ClaimedJob[]) => JSON.stringify(jobs.map((job) => ({ id: job.id, by: job.leasedBy })));

  return {
    owner,

    /** Queues jobs (`onlyIf`: a condition the statement checks first); answers how many were new. */
    async enqueue(executor: Executor, jobs: readonly NewJob[], now: Date, enqueueOptions: { onlyIf?: SQL } = {}): Promise<number> {
      if (jobs.length === 0) return 0;
      const rows = JSON.stringify(jobs.map((job) => ({ kind: job.kind, dedupe_key: job.dedupeKey ?? null, payload: job.payload ?? {}, run_at: (job.runAt ?? now).toISOString() })));
      const inserted = rowsOf<{ id: string }>(
        await executor.execute(sql`
          INSERT INTO jobs (kind, dedupe_key, payload, run_at, created_at)
          SELECT x.kind, x.dedupe_key, x.payload, x.run_at, ${at(now)}
          FROM jsonb_to_recordset(${rows}::jsonb) AS x(kind text, dedupe_key text, payload jsonb, run_at timestamptz)
          WHERE ${enqueueOptions.onlyIf ?? sql`true`}
          ON CONFLICT (kind, dedupe_key) DO NOTHING
          RETURNING id`),
      );
      return inserted.length;
    },

    /** Claims up to `limit` due jobs of `kind` until `now + leaseMs`, oldest due first. */
    async claim<P>(kind: string, now: Date, limit: number, leaseMs: number): Promise<ClaimedJob<P>[]> {
      const until = new Date(now.getTime() + leaseMs);
      const leasedBy = `${owner}#${++claims}`;
      const rows = rowsOf<{ id: string | number; kind: string; dedupe_key: string | null; payload: P; attempts: number; last_error: string | null; created_at: string | Date }>(
        await db.execute(sql`
          WITH due AS (
            SELECT id FROM jobs WHERE kind = ${kind} AND status = 'pending' AND run_at <= ${at(now)}
            ORDER BY run_at, id LIMIT ${limit} FOR UPDATE SKIP LOCKED
          )
          UPDATE jobs j SET attempts = j.attempts + 1, run_at = ${at(until)}, leased_until = ${at(until)}, leased_by = ${leasedBy}
          FROM due WHERE j.id = due.id
          RETURNING j.id, j.kind, j.dedupe_key, j.payload, j.attempts, j.last_error, j.created_at`),
      );
      return rows.map((row) => ({
        id: String(row.id),
        kind: row.kind,
        dedupeKey: row.dedupe_key,
        payload: row.payload,
        attempts: Number(row.attempts),
        lastError: row.last_error,
        createdAt: new Date(row.created_at),
        leasedBy,
        leasedUntil: until,
      }));
    },

    /** Extends the leases of jobs still held to `now + leaseMs`; answers those whose lease was lost (taken by another claim, or finished). */
    async renew(jobs: readonly ClaimedJob[], now: Date, leaseMs: number): Promise<ClaimedJob[]> {
      if (jobs.length === 0) return [];
      const until = new Date(now.getTime() + leaseMs);
      const renewed = new Set(
        rowsOf<{ id: string | number }>(
          await db.execute(sql`
            UPDATE jobs j SET run_at = ${at(until)}, leased_until = ${at(until)}
            FROM jsonb_to_recordset(${leases(jobs)}::jsonb) AS x(id bigint, by text)
            WHERE j.id = x.id AND j.status = 'pending' AND j.leased_by = x.by
            RETURNING j.id`),
        ).map((row) => String(row.id)),
      );
      for (const job of jobs) if (renewed.has(job.id)) job.leasedUntil = until;
      return jobs.filter((job) => !renewed.has(job.id));
    },

    /** The job is done: kept as such (its dedupe key holds) or, `keep` false, deleted. False when its lease was lost. */
    async complete(job: ClaimedJob, now: Date, completeOptions: { keep?: boolean } = {}): Promise<boolean> {
      const result =
        completeOptions.keep === false
          ? await db.execute(sql`DELETE FROM jobs WHERE ${held(job)} RETURNING id`)
          : await db.execute(sql`UPDATE jobs SET status = 'done', finished_at = ${at(now)}, leased_until = NULL, leased_by = NULL WHERE ${held(job)} RETURNING id`);
      return rowsOf(result).length > 0;
    },

    /** The attempt failed: due again at `retryAt`, or (null) failed for good; the error is kept either way. */
    async fail(job: ClaimedJob, error: string, now: Date, retry: Date | null): Promise<boolean> {
      const result = await db.execute(sql`
        UPDATE jobs SET last_error = ${error.slice(0, 2000)}, leased_until = NULL, leased_by = NULL,
          status = ${retry ? "pending" : "failed"}, run_at = ${at(retry ?? now)}, finished_at = ${retry ? null : at(now)}
        WHERE ${held(job)} RETURNING id`);
      return rowsOf(result).length > 0;
    },

    /** Gives back claimed jobs never started: due at once for any process, the attempt not counted. */
    async release(jobs: readonly ClaimedJob[], now: Date): Promise<number> {
      if (jobs.length === 0) return 0;
      const released = rowsOf<{ id: string }>(
        await db.execute(sql`
          UPDATE jobs j SET attempts = GREATEST(j.attempts - 1, 0), run_at = ${at(now)}, leased_until = NULL, leased_by = NULL
          FROM jsonb_to_recordset(${leases(jobs)}::jsonb) AS x(id bigint, by text)
          WHERE j.id = x.id AND j.status = 'pending' AND j.leased_by = x.by
          RETURNING j.id`),
      );
      return released.length;
    },

    /** When the next pending job of `kind` is due (a lease's end counts); null when none is pending. */
    async nextRunAt(kind: string): Promise<Date | null> {
      const [row] = rowsOf<{ at: string | Date | null }>(await db.execute(sql`SELECT min(run_at) AS at FROM jobs WHERE kind = ${kind} AND status = 'pending'`));
      return row?.at ? new Date(row.at) : null;
    },

    /** Deletes jobs finished before `before`, and pending ones nobody claimed since then (no process runs their kind). */
    async purge(before: Date): Promise<number> {
      const gone = rowsOf<{ id: string }>(
        await db.execute(sql`DELETE FROM jobs WHERE finished_at < ${at(before)} OR (status = 'pending' AND run_at < ${at(before)}) RETURNING id`),
      );
      return gone.length;
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;

export interface JobRunnerOptions<P> {
  db: Database;
  kind: string;
  /** Does the job's work; a throw is a failed attempt (retried per `retry`, then failed for good with its error kept). */
  run(payload: P, job: ClaimedJob<P>): Promise<void>;
  retry: RetrySchedule;
  /** How long a claim holds a job (renewed every third of it while the job runs): a crashed process's jobs are free again after it. */
  leaseMs?: number;
  concurrency?: number;
  /** Jobs claimed per query (default `concurrency`); those beyond it wait in this process, claimed (stop() gives them back). */
  batch?: number;
  /** Longest sleep between two looks for jobs queued by other processes (default 5 s; a periodic job's slot). */
  pollMs?: number;
  /**
   * A periodic job: one run of it per slot of `everyMs` across every process (the slot's job is
   * queued under the slot's name as its dedupe key, by whichever process looks first).
   */
  everyMs?: number;
  /** Keep done jobs (their dedupe keys hold for {@link JOB_RETENTION_MS}); false deletes them. Default true. */
  keepDone?: boolean;
  logger: Logger;
  clock: Clock;
  /** The queue to claim with (one per runner by default: a claimer of its own). */
  queue?: JobQueue;
}

/** A claim loop over one kind of job, and a way to queue them. */
export interface JobRunner<P> extends ClaimLoop {
  readonly kind: string;
  /** Its name as a background job of the composition root: its kind. */
  readonly name: string;
  enqueue(executor: Executor, jobs: readonly ({ payload: P } & Omit<NewJob, "kind" | "payload">)[], now: Date, options?: { onlyIf?: SQL }): Promise<number>;
}

/**
 * Runs one kind of job from the queue with the shared claim loop and retry schedule. A job whose
 * attempts (counted when claimed) are used up without an outcome (each attempt's process died
 * holding it) is failed for good without being run again.
 */
export function createJobRunner<P>(options: JobRunnerOptions<P>): JobRunner<P> {
  const { kind, clock, logger } = options;
  const queue = options.queue ?? createJobQueue(options.db);
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  let queuedSlot: number | null = null;

  /** A periodic job's slot, queued once by this process (a no-op when another did it first). */
  async function queueSlot(now: Date): Promise<void> {
    if (!options.everyMs) return;
    const slot = Math.floor(now.getTime() / options.everyMs);
    if (slot === queuedSlot) return;
    await queue.enqueue(options.db, [{ kind, dedupeKey: `every:${options.everyMs}:${slot}`, runAt: new Date(slot * options.everyMs), payload: { slot } }], now);
    queuedSlot = slot;
  }

  async function runJob(job: ClaimedJob<P>): Promise<void> {
    if (job.attempts > options.retry.attempts) {
      await queue.fail(job, `given up: its ${job.attempts - 1} attempts ended without an outcome (the process running it stopped)${job.lastError ? `; last error: ${job.lastError}` : ""}`, clock.now(), null);
      logger.warn({ job: job.id, kind, attempts: job.attempts - 1 }, "job given up: its runs never ended");
      return;
    }
    try {
      await options.run(job.payload, job);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const now = clock.now();
      const next = retryAt(options.retry, job.attempts, now);
      await queue.fail(job, message, now, next);
      logger.warn({ err: error, job: job.id, kind, attempts: job.attempts, retryAt: next?.toISOString() ?? null }, next ? "job failed; retrying" : "job failed for good");
      return;
    }
    await queue.complete(job, clock.now(), { keep: options.keepDone ?? true });
  }

  const loop = createClaimLoop<ClaimedJob<P>>({
    name: kind,
    async claim(limit) {
      const now = clock.now();
      await queueSlot(now);
      return queue.claim<P>(kind, now, limit, leaseMs);
    },
    run: runJob,
    release: async (jobs) => void (await queue.release(jobs, clock.now())),
    async renew(jobs) {
      const lost = await queue.renew(jobs, clock.now(), leaseMs);
      if (lost.length > 0) logger.warn({ kind, jobs: lost.map((job) => job.id) }, "job leases lost (they ended before renewal): another process may run them too");
    },
    renewEveryMs: Math.max(100, Math.floor(leaseMs / 3)),
    async nextDueAt() {
      const queued = await queue.nextRunAt(kind);
      if (!options.everyMs) return queued;
      const nextSlot = new Date((Math.floor(clock.now().getTime() / options.everyMs) + 1) * options.everyMs);
      return queued && queued < nextSlot ? queued : nextSlot;
    },
    concurrency: options.concurrency ?? 1,
    ...(options.batch ? { batch: options.batch } : {}),
    pollMs: options.pollMs ?? options.everyMs ?? 5_000,
    logger,
    clock,
  });

  return Object.assign(loop, {
    kind,
    name: kind,
    enqueue: (executor: Executor, jobs: readonly ({ payload: P } & Omit<NewJob, "kind" | "payload">)[], now: Date, enqueueOptions?: { onlyIf?: SQL }) =>
      queue.enqueue(
        executor,
        jobs.map((job) => ({ ...job, kind })),
        now,
        enqueueOptions,
      ),
  });
}

/** Deletes finished jobs past {@link JOB_RETENTION_MS}, once an hour across every process. */
export function createJobsPurge(deps: { db: Database; clock: Clock; logger: Logger }): JobRunner<unknown> {
  const queue = createJobQueue(deps.db);
  return createJobRunner({
    ...deps,
    queue,
    kind: "jobs-purge",
    everyMs: 60 * 60_000,
    retry: { attempts: 3, firstMs: 60_000, factor: 2, maxMs: 10 * 60_000, jitter: 0.2 },
    run: async () => {
      const purged = await queue.purge(new Date(deps.clock.now().getTime() - JOB_RETENTION_MS));
      if (purged > 0) deps.logger.info({ purged }, "old jobs purged");
    },
  });
}
