/** Runs work items in batches: see {@link createGroupCommit}. */
export interface GroupCommit<T, R> {
  /** Queues `item`; answers its result once the batch it went in has run. */
  submit(item: T): Promise<R>;
}

interface Waiting<T, R> {
  item: T;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit: `run` handles a batch of items (one database transaction, say) and answers their
 * results in order. One batch runs at a time; what is submitted meanwhile waits and goes in the
 * next one (at most `maxBatch` items), so under load many items share one commit and alone each
 * runs at once. A failed batch is run again item by item, so that one bad item fails alone.
 */
export function createGroupCommit<T, R>(run: (items: T[]) => Promise<R[]>, options: { maxBatch: number }): GroupCommit<T, R> {
  let queue: Waiting<T, R>[] = [];
  let draining = false;

  async function runOne(waiting: Waiting<T, R>): Promise<void> {
    try {
      waiting.resolve((await run([waiting.item]))[0]!);
    } catch (error) {
      waiting.reject(error);
    }
  }

  async function drain(): Promise<void> {
    while (queue.length > 0) {
      const batch = queue.slice(0, options.maxBatch);
      queue = queue.slice(batch.length);
      if (batch.length === 1) {
        await runOne(batch[0]!);
        continue;
      }
      try {
        const results = await run(batch.map((waiting) => waiting.item));
        batch.forEach((waiting, i) => waiting.resolve(results[i]!));
      } catch {
        for (const waiting of batch) await runOne(waiting);
      }
    }
    draining = false;
  }

  return {
    submit(item) {
      return new Promise<R>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        if (draining) return;
        draining = true;
        // What is submitted in the same tick (one message to several inboxes) shares the first batch.
        queueMicrotask(() => void drain());
      });
    },
  };
}
