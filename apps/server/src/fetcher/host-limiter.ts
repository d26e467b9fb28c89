/** A task taken out of the queue before it started (the limiter is being stopped). */
export class DroppedTask extends Error {
  constructor() {
    super("dropped before it started");
    this.name = "DroppedTask";
  }
}

/**
 * Runs tasks with a global concurrency limit and a per-host limit, so a slow or rate-limiting host
 * never takes every worker. Tasks beyond the limits wait in order.
 */
export class HostLimiter {
  private readonly concurrency: number;
  private readonly perHost: number;
  private active = 0;
  private readonly activeByHost = new Map<string, number>();
  private readonly waiting: { host: string; start: () => void; drop: () => void }[] = [];
  private idleResolvers: (() => void)[] = [];

  constructor(options: { concurrency: number; perHost: number }) {
    this.concurrency = options.concurrency;
    this.perHost = options.perHost;
  }

  /** Tasks running or waiting. */
  get size(): number {
    return this.active + this.waiting.length;
  }

  /**
   * Runs `task` when both limits allow. The task may call `releaseHost` once it is done with the
   * host (its answer is in hand): the host's next task may start while this one goes on with what
   * needs no network (decoding, parsing, storing), still counted against the global limit.
   */
  run<T>(host: string, task: (releaseHost: () => void) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        this.active++;
        this.activeByHost.set(host, (this.activeByHost.get(host) ?? 0) + 1);
        let holdsHost = true;
        const releaseHost = () => {
          if (!holdsHost) return;
          holdsHost = false;
          const left = (this.activeByHost.get(host) ?? 1) - 1;
          if (left === 0) this.activeByHost.delete(host);
          else this.activeByHost.set(host, left);
        };
        task(() => {
          releaseHost();
          this.pump();
        })
          .then(resolve, reject)
          .finally(() => {
            this.active--;
            releaseHost();
            this.pump();
          });
      };
      this.waiting.push({ host, start, drop: () => reject(new DroppedTask()) });
      this.pump();
    });
  }

  /** Takes the tasks that have not started out of the queue; each one's promise rejects with {@link DroppedTask}. */
  dropWaiting(): number {
    const dropped = this.waiting.splice(0);
    for (const task of dropped) task.drop();
    this.pump();
    return dropped.length;
  }

  /** Resolves once nothing is running or waiting. */
  idle(): Promise<void> {
    if (this.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleResolvers.push(resolve));
  }

  private pump(): void {
    for (let i = 0; i < this.waiting.length && this.active < this.concurrency; ) {
      const next = this.waiting[i]!;
      if ((this.activeByHost.get(next.host) ?? 0) >= this.perHost) {
        i++;
        continue;
      }
      this.waiting.splice(i, 1);
      next.start();
    }
    if (this.size === 0) {
      const resolvers = this.idleResolvers;
      this.idleResolvers = [];
      for (const resolve of resolvers) resolve();
    }
  }
}
