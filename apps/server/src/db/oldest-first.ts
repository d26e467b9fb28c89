import type { PGlite } from "@electric-sql/pglite";
import { workStartedAt } from "../lib/work-age.ts";

/**
 * Calls outside any request (refreshes, jobs) count as made this much later: requests that
 * arrive meanwhile go first, and a background call still waits a bounded time.
 */
export const BACKGROUND_DELAY_MS = 100;

/** The event loop's own setImmediate, kept from load (a test's fake timers must not stop the database). */
const afterPoll = setImmediate;

interface Waiting {
  at: number;
  seq: number;
  start: () => void;
}

/** A binary min-heap of waiting calls: the oldest work first, then the order they came in. */
class WaitingHeap {
  private readonly items: Waiting[] = [];
  get size(): number {
    return this.items.length;
  }
  private static before(a: Waiting, b: Waiting): boolean {
    return a.at < b.at || (a.at === b.at && a.seq < b.seq);
  }
  push(item: Waiting): void {
    const items = this.items;
    items.push(item);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!WaitingHeap.before(items[i]!, items[parent]!)) break;
      [items[i], items[parent]] = [items[parent]!, items[i]!];
      i = parent;
    }
  }
  pop(): Waiting | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length > 0 && last) {
      items[0] = last;
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        const right = left + 1;
        let least = i;
        if (left < items.length && WaitingHeap.before(items[left]!, items[least]!)) least = left;
        if (right < items.length && WaitingHeap.before(items[right]!, items[least]!)) least = right;
        if (least === i) break;
        [items[i], items[least]] = [items[least]!, items[i]!];
        i = least;
      }
    }
    return top;
  }
}

/** What the embedded database's turn-taking shows metrics: whether a call runs, how many wait. */
export interface TurnStats {
  readonly busy: boolean;
  readonly waiting: number;
}

/**
 * Makes PGlite serve its callers oldest work first instead of first come, first served.
 *
 * PGlite runs one statement (or one transaction) at a time, and every `query()` queues at the back
 * of one line. A request that makes K queries thus queues K times, each time behind every query
 * that came in meanwhile: under load the requests with many queries wait K times the line, and
 * some wait many seconds. Here each call is tagged with when its work began (`runAsWork`, set
 * per request by the HTTP layer) and the waiting call of the oldest work goes next: a request that
 * has begun finishes before newer ones take turns, so waits are bounded by the work that arrived
 * earlier. Background work without a tag counts from each call (BACKGROUND_DELAY_MS later), so
 * it yields to requests without ever being starved.
 * Only one call is handed to PGlite at a time, so PGlite's own line stays empty. Between two
 * turns the event loop polls its sockets, so requests that arrived meanwhile take their place in
 * the line before the next turn is chosen.
 */
export function serveOldestFirst(client: PGlite): TurnStats {
  const heap = new WaitingHeap();
  let busy = false;
  let seq = 0;

  const next = () => {
    const item = heap.pop();
    if (item) item.start();
    else busy = false;
  };

  function turn<T>(call: () => Promise<T>): Promise<T> {
    const at = workStartedAt() ?? performance.now() + BACKGROUND_DELAY_MS;
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        busy = true;
        // The next turn starts after the event loop has polled: PGlite runs in this thread, and
        // handing turns on in microtasks would keep new requests unread (their sockets unpolled)
        // until the whole line is served, so a quick call would wait for every query before it.
        call().then(resolve, reject).finally(() => afterPoll(next));
      };
      if (!busy && heap.size === 0) start();
      else heap.push({ at, seq: seq++, start });
    });
  }

  // The calls Drizzle and our code make on the client itself; the ones a transaction's callback
  // makes go through the transaction object and run within the transaction's turn.
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((...args: Parameters<PGlite["query"]>) => turn(() => query(...args))) as PGlite["query"];
  client.exec = ((...args: Parameters<PGlite["exec"]>) => turn(() => exec(...args))) as PGlite["exec"];
  client.transaction = ((callback: Parameters<PGlite["transaction"]>[0]) => turn(() => transaction(callback))) as PGlite["transaction"];
  return {
    get busy() {
      return busy;
    },
    get waiting() {
      return heap.size;
    },
  };
}
