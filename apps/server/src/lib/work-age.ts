import { AsyncLocalStorage } from "node:async_hooks";

/**
 * When the piece of work the current code serves began (`performance.now()` of a request's
 * arrival): the embedded database runs the oldest work's queries first, so a request that has
 * started is finished before newer ones, and none waits behind an endless stream of newcomers.
 */
const started = new AsyncLocalStorage<number>();

/** Runs `task` as work that began at `at` (default: now); queries it makes carry that age. */
export function runAsWork<T>(task: () => T, at: number = performance.now()): T {
  return started.run(at, task);
}

/** When the current work began, or `undefined` outside any (then a query is as old as its call). */
export function workStartedAt(): number | undefined {
  return started.getStore();
}
