import v8 from "node:v8";
import vm from "node:vm";

/**
 * One full collection of the calling thread's heap, compacting and shrinking it, once start-up is
 * over. Start-up (module loading, migrations, the database's first queries) leaves ~70 MB of
 * garbage and grown heap spaces, which V8 keeps while the thread is idle: no allocation, so no
 * collection. It pauses the thread for ~0.1-0.3 s, once.
 */
export function releaseStartupMemory(): void {
  v8.setFlagsFromString("--expose-gc");
  const gc = vm.runInNewContext("gc") as (options: { type: "major"; execution: "sync"; flavor: "last-resort" }) => void;
  gc({ type: "major", execution: "sync", flavor: "last-resort" });
}
