// The CPU profile of a refresh process summed up for bench:reference (`--cpu-prof`): its busy
// time by stage, by file (a package or a repository path) and by function.
import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * Where a refresh's CPU time goes, by stage: a sample counts for the innermost function on its
 * stack that names a stage; else for what its own code is (the database driver, the HTTP client,
 * the garbage collector…). Asynchronous continuations (query results coming back) have no caller
 * on the stack, so the driver's share is by its code.
 */
const STAGE_FUNCTIONS: Record<string, string> = {
  decodeDocument: "decode",
  parseFeedDocument: "parse",
  prepareEntries: "hash (prepareEntries)",
  sanitizeHtml: "sanitise",
  insertMany: "store: rows and statements",
  storeEntries: "store: rows and statements",
  finalizeEntry: "store: rows and statements",
};

function stageOfUrl(url: string, functionName: string): string {
  if (functionName === "(garbage collector)") return "garbage collector";
  if (functionName === "(program)") return "(program: VM, compiler)";
  if (!url) return "(native)";
  if (/node_modules\/(pg|pg-[\w-]+|postgres-[\w-]+|drizzle-orm)\//.test(url)) return "database driver (pg, drizzle)";
  if (url.includes("/lib/http/") || /^node:(_http|http|net|stream|internal\/(streams|http|net|stream_base))/.test(url)) return "HTTP client";
  if (url.includes("node:internal/modules") || url.includes("/amaro/") || url.startsWith("node:internal/deps/amaro")) return "module loading";
  if (url.includes("/db/migrate.ts")) return "migrate";
  return "other";
}

/** Self time of a .cpuprofile by stage, by file (package or repository path) and by function. */
export function summarizeProfile(file: string, root: string): void {
  const profile = JSON.parse(readFileSync(file, "utf8")) as {
    nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
    samples: number[];
    timeDeltas: number[];
  };
  const byId = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const selfUs = new Map<number, number>();
  for (let i = 0; i < profile.samples.length; i++) selfUs.set(profile.samples[i]!, (selfUs.get(profile.samples[i]!) ?? 0) + (profile.timeDeltas[i] ?? 0));
  let idle = 0;
  for (const [id, us] of selfUs) if (byId.get(id)!.functionName === "(idle)") idle += us;
  const total = [...selfUs.values()].reduce((sum, us) => sum + us, 0) - idle;
  const shortUrl = (url: string) => {
    if (!url) return "(native/vm)";
    const clean = url.replace(/^file:\/\//, "");
    const modules = clean.lastIndexOf("node_modules/");
    if (modules >= 0) {
      const parts = clean.slice(modules + "node_modules/".length).split("/");
      return `npm:${parts.slice(0, parts[0]!.startsWith("@") ? 2 : 1).join("/")}`;
    }
    return clean.startsWith(root) ? clean.slice(root.length) : clean;
  };
  const stageOf = (id: number): string => {
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const stage = STAGE_FUNCTIONS[byId.get(at)!.functionName];
      if (stage) return stage;
    }
    const frame = byId.get(id)!;
    return stageOfUrl(frame.url, frame.functionName);
  };
  const byStage = new Map<string, number>();
  const byFile = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const add = (map: Map<string, number>, key: string, us: number) => map.set(key, (map.get(key) ?? 0) + us);
  for (const [id, us] of selfUs) {
    const frame = byId.get(id)!;
    if (frame.functionName === "(idle)") continue;
    const where = shortUrl(frame.url);
    add(byStage, stageOf(id), us);
    add(byFile, where, us);
    add(byFunction, `${frame.functionName || "(anonymous)"} ${where}${frame.url ? `:${frame.lineNumber + 1}` : ""}`, us);
  }
  const top = (map: Map<string, number>, n: number) =>
    [...map].sort((a, b) => b[1] - a[1]).slice(0, n).map(([name, us]) => ({ self: `${(us / 1e6).toFixed(2)} s`, share: `${((us / total) * 100).toFixed(1)}%`, name }));
  console.log(`\n${path.basename(file)}: ${(total / 1e6).toFixed(2)} s busy (${(idle / 1e6).toFixed(2)} s idle)`);
  console.table(top(byStage, 20));
  console.table(top(byFile, 20));
  console.table(top(byFunction, 30));
}
