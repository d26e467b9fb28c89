// Over 300 lines: one loop's claiming, running, renewing, giving back, backing off and waking share its state.
import { BroadcastChannel } from "node:worker_threads";
import type { Clock } from "./clock.ts";
import type { Logger } from "./logger.ts";

/**
 * How a failed piece of work is tried again: the wait after the n-th failed attempt is
 * `firstMs · factor^(n-1)`, ± `jitter` (a fraction), never more than `maxMs`; after `attempts`
 * attempts in all it is given up.
 */
export interface RetrySchedule {
  /** Attempts in all, the first included (Infinity: never given up). */
  readonly attempts: number;
  readonly firstMs: number;
  readonly factor: number;
  readonly maxMs: number;
  /** 0.1: each wait is drawn from ±10% of its nominal length, so that failures do not retry in step. */
  readonly jitter: number;
}

/**
 * How long a claim holds its work by default: a crashed process's claims are free again after it.
 * Work that takes longer keeps its lease by renewing it (`renew`, every third of the lease).
 */
export const DEFAULT_LEASE_MS = 60_000;

/** The loop's own back-off when claiming fails (the database is down): 1 s, 2 s, 4 s… up to a minute. */
export const LOOP_ERROR_BACKOFF: RetrySchedule = { attempts: Infinity, firstMs: 1000, factor: 2, maxMs: 60_000, jitter: 0.2 };

/**
 * The wait before the next attempt after `failedAttempts` attempts failed (1 after the first);
 * null when none is left. `random` gives a number in [0, 1) (injectable for tests).
 */
export function retryDelay(schedule: RetrySchedule, failedAttempts: number, random: () => number = Math.random): number | null {
  if (failedAttempts >= schedule.attempts) return null;
  const nominal = Math.min(schedule.maxMs, schedule.firstMs * schedule.factor ** Math.max(0, failedAttempts - 1));
  const jittered = nominal * (1 - schedule.jitter + 2 * schedule.jitter * random());
  return Math.round(Math.min(schedule.maxMs, Math.max(0, jittered)));
}

/** When the next attempt is due after `failedAttempts` failed ones; null when none is left. */
export function retryAt(schedule: RetrySchedule, failedAttempts: number, now: Date, random?: () => number): Date | null {
  const delay = retryDelay(schedule, failedAttempts, random);
  return delay === null ? null : new Date(now.getTime() + delay);
}

/** The channel on which wakes reach the loops of a name in every thread of this process. */
const wakeChannelOf = (name: string) => `tidings:claim-loop:${name}`;

export interface ClaimLoopOptions<T> {
  /** Names the loop in the log. */
  name: string;
  /** Claims up to `limit` items for this process (claimed in the database: other processes skip them until their lease ends). */
  claim(limit: number): Promise<T[]>;
  /**
   * Does one item's work. It records its own outcome (done, retry, given up); a throw means trouble
   * beyond the item (the database): logged, the loop backs off, and the item's lease brings it back.
   */
  run(item: T): Promise<void>;
  /** Gives back claimed items that were never started (stop()), so that another process takes them at once. */
  release?(items: T[]): Promise<void>;
  /** Extends the lease of the items this process holds (under way or waiting), every `renewEveryMs`, while it holds any. */
  renew?(items: T[]): Promise<void>;
  renewEveryMs?: number;
  /** Items run at once by this process. */
  concurrency: number;
  /** Longest sleep between two looks at the queue (work other processes queued, or that fell due). */
  pollMs: number;
  /** When the next item falls due; the loop sleeps until then (at most `pollMs`). Absent: it sleeps `pollMs`. */
  nextDueAt?(): Promise<Date | null>;
  /** Items claimed per query (default `concurrency`); more than that wait in this process, claimed. */
  batch?: number;
  /** How long stop() waits for the items under way (default 15 s); their leases bring back what is not done. */
  stopGraceMs?: number;
  /** The loop's back-off when `claim` (or `nextDueAt`) throws. */
  errorBackoff?: RetrySchedule;
  logger: Logger;
  clock: Clock;
}

export interface ClaimLoop {
  /** Starts claiming and running in the background (once). */
  start(): void;
  /**
   * Stops claiming, gives back the items claimed and not started, and waits for those under way
   * (up to `stopGraceMs`).
   */
  stop(): Promise<void>;
  /**
   * Looks at the queue now (work was just queued by this process). A loop that is not running here
   * passes the wake to the loops of its name running in other threads of this process (the server
   * runs its jobs in a thread of their own: jobs-thread.ts).
   */
  wake(): void;
  /** Claims and runs everything due until nothing is left; answers how many items it claimed and ran (tests, the CLI). */
  drain(): Promise<number>;
  /** Resolves once no item of this loop is under way. */
  idle(): Promise<void>;
  readonly running: boolean;
}

/**
 * One background loop over work claimed in the database: claim a batch (`FOR UPDATE SKIP LOCKED`
 * under a lease, so that several processes take disjoint items), run up to `concurrency` items at
 * once (renewing their leases while it holds them, when `renew` is given), sleep until the next
 * item is due or `pollMs` or a wake(); when claiming or a run throws, back off (`errorBackoff`).
 * What an item's failure means (retry, give up) is the item's run's business, with
 * {@link retryDelay}. This module knows no database: `claim`, `run`, `release` and `renew` are given.
 */
export function createClaimLoop<T>(options: ClaimLoopOptions<T>): ClaimLoop {
  const { logger } = options;
  const concurrency = Math.max(1, options.concurrency);
  /** Items this process holds at most, under way and waiting. */
  const capacity = Math.max(options.batch ?? concurrency, concurrency);
  /** Claim again once this many places are free (one query per half batch, not per item). */
  const refill = Math.max(1, Math.ceil(capacity / 2));
  const stopGraceMs = options.stopGraceMs ?? 15_000;
  const errorBackoff = options.errorBackoff ?? LOOP_ERROR_BACKOFF;
  let running = false;
  let stopping = false;
  let loop: Promise<void> | null = null;
  /** Claimed, not started yet. */
  const waiting: T[] = [];
  const inFlight = new Set<Promise<void>>();
  /** The items under way. */
  const underWay = new Set<T>();
  let renewTimer: NodeJS.Timeout | null = null;
  /** The loop asleep: woken by wake() and stop(). */
  const sleepers = new Set<() => void>();
  /** The loop waiting for a free place: woken when an item ends, and by stop(). */
  const slotWaiters = new Set<() => void>();
  /** The loop backing off: woken by stop() only. */
  const backingOff = new Set<() => void>();
  let woken = false;
  /** Runs that threw in a row, and until when the loop claims nothing because of them. */
  let runFailures = 0;
  let backoffUntil = 0;
  /** Wakes from other threads, while running; and the channel this loop's wakes go out on, while not. */
  let listening: BroadcastChannel | null = null;
  let sending: BroadcastChannel | null = null;

  const wakeAll = (set: Set<() => void>) => {
    for (const wake of [...set]) wake();
  };
  const wakeHere = () => {
    woken = true;
    wakeAll(sleepers);
  };

  /** Keeps renewing the leases of what this process holds, while it holds anything. */
  function renewWhileHolding(): void {
    const held = underWay.size + waiting.length > 0;
    if (!options.renew || held === (renewTimer !== null)) return;
    if (!held) {
      clearInterval(renewTimer!);
      renewTimer = null;
      return;
    }
    renewTimer = setInterval(() => {
      const items = [...underWay, ...waiting];
      if (items.length > 0) options.renew!(items).catch((error: unknown) => logger.warn({ err: error, loop: options.name }, "could not renew leases; another process may take the work when they end"));
    }, options.renewEveryMs ?? 20_000);
    renewTimer.unref();
  }

  function startOne(item: T): void {
    underWay.add(item);
    const done: Promise<void> = Promise.resolve()
      .then(() => options.run(item))
      .then(
        () => {
          runFailures = 0;
        },
        (error: unknown) => {
          // A run records its own outcome; one that throws met trouble beyond it (the database): back off.
          runFailures++;
          const wait = retryDelay(errorBackoff, runFailures) ?? errorBackoff.maxMs;
          backoffUntil = Date.now() + wait;
          logger.error({ err: error, loop: options.name, retryInMs: wait }, "background work failed; backing off (its lease brings it back)");
        },
      )
      .finally(() => {
        underWay.delete(item);
        inFlight.delete(done);
        startWaiting();
        renewWhileHolding();
        wakeAll(slotWaiters);
      });
    inFlight.add(done);
  }

  function startWaiting(): void {
    while (!stopping && waiting.length > 0 && inFlight.size < concurrency) startOne(waiting.shift()!);
  }

  /** Claims up to `room` items and starts what fits; answers how many were claimed. */
  async function claim(room: number): Promise<number> {
    const claimed = await options.claim(room);
    waiting.push(...claimed);
    startWaiting();
    renewWhileHolding();
    return claimed.length;
  }

  /** Waits `ms`, or until woken (`set`); at once when stopping or woken since the loop last looked. */
  function sleep(ms: number, set: Set<() => void>): Promise<void> {
    if (!running || (woken && set === sleepers)) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        set.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      set.add(wake);
    });
  }

  async function untilDue(): Promise<number> {
    if (!options.nextDueAt) return options.pollMs;
    const next = await options.nextDueAt();
    if (!next) return options.pollMs;
    return Math.min(options.pollMs, Math.max(50, next.getTime() - options.clock.now().getTime()));
  }

  async function run(): Promise<void> {
    let failures = 0;
    while (running) {
      try {
        const backoff = backoffUntil - Date.now();
        if (backoff > 0) {
          await sleep(backoff, backingOff);
          continue;
        }
        const held = inFlight.size + waiting.length;
        const room = capacity - held;
        if (held > 0 && room < refill) {
          // Busy: look again when a place frees (or at the poll); a wake() now is served then.
          await sleep(options.pollMs, slotWaiters);
          continue;
        }
        woken = false;
        const claimed = await claim(room);
        failures = 0;
        // A full batch: more may be due; claim again once places free.
        if (claimed === room) continue;
        await sleep(await untilDue(), sleepers);
      } catch (error) {
        failures++;
        const wait = retryDelay(errorBackoff, failures) ?? errorBackoff.maxMs;
        logger.error({ err: error, loop: options.name, retryInMs: wait }, "background loop failed; backing off");
        await sleep(wait, backingOff);
      }
    }
  }

  async function releaseWaiting(): Promise<void> {
    const unstarted = waiting.splice(0);
    renewWhileHolding();
    if (unstarted.length === 0 || !options.release) return;
    try {
      await options.release(unstarted);
      logger.info({ loop: options.name, released: unstarted.length }, "claimed work given back");
    } catch (error) {
      logger.warn({ err: error, loop: options.name, items: unstarted.length }, "could not give back claimed work; it comes back when its lease ends");
    }
  }

  async function idle(): Promise<void> {
    while (inFlight.size > 0) await Promise.all(inFlight);
  }

  return {
    get running() {
      return running;
    },
    start() {
      if (running) return;
      running = true;
      stopping = false;
      listening = new BroadcastChannel(wakeChannelOf(options.name));
      listening.onmessage = () => wakeHere();
      listening.unref();
      loop = run();
    },
    async stop() {
      running = false;
      stopping = true;
      listening?.close();
      listening = null;
      for (const set of [sleepers, slotWaiters, backingOff]) wakeAll(set);
      await loop;
      loop = null;
      await releaseWaiting();
      let timer: NodeJS.Timeout | undefined;
      const late = await Promise.race([idle().then(() => false), new Promise<boolean>((resolve) => (timer = setTimeout(resolve, stopGraceMs, true)))]);
      clearTimeout(timer);
      if (late) logger.warn({ loop: options.name, underWay: inFlight.size, waitedMs: stopGraceMs }, "background work still under way at stop; its lease brings it back");
    },
    wake() {
      wakeHere();
      if (running) return;
      if (!sending) {
        sending = new BroadcastChannel(wakeChannelOf(options.name));
        sending.unref();
      }
      sending.postMessage(null);
    },
    async drain() {
      let drained = 0;
      for (;;) {
        const room = capacity - inFlight.size - waiting.length;
        // As run() does: claim again once half a batch has room, not for each place that frees
        // (a claim is a statement; one per item made a tenth of a refresh's statements).
        if (inFlight.size > 0 && room < refill) {
          await Promise.race(inFlight);
          continue;
        }
        const claimed = await claim(room);
        drained += claimed;
        if (inFlight.size === 0) {
          if (claimed === 0) break;
          continue;
        }
        // Less than asked for: nothing more is due now; look again once what runs has ended.
        if (claimed < room) await idle();
      }
      return drained;
    },
    idle,
  };
}
