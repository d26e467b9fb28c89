// A Vitest reporter (vitest.config.ts): after every run, the time of each project (its files' own
// time: set-up, collection and tests, summed; files of different projects overlap in the run) and
// the 20 slowest test files, so that what makes the suite long is in every run's output.
import path from "node:path";
import type { Reporter, TestModule } from "vitest/node";

const ROOT = path.resolve(import.meta.dirname, "..");
const SHOWN = 20;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export default class SlowestFiles implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    if (modules.length === 0) return;
    const files = modules.map((module) => {
      const diagnostic = module.diagnostic();
      const ms = diagnostic.environmentSetupDuration + diagnostic.prepareDuration + diagnostic.collectDuration + diagnostic.setupDuration + diagnostic.duration;
      return { project: module.project.name, file: path.relative(ROOT, module.moduleId), ms };
    });
    const projects = new Map<string, { ms: number; files: number }>();
    for (const { project, ms } of files) {
      const sum = projects.get(project) ?? { ms: 0, files: 0 };
      projects.set(project, { ms: sum.ms + ms, files: sum.files + 1 });
    }
    const lines = ["", "Time per project (files' own time, summed):"];
    for (const [project, sum] of [...projects].sort((a, b) => b[1].ms - a[1].ms)) lines.push(`  ${project.padEnd(10)} ${seconds(sum.ms).padStart(9)}  ${sum.files} files`);
    lines.push(`The ${Math.min(SHOWN, files.length)} slowest test files:`);
    for (const { project, file, ms } of files.sort((a, b) => b.ms - a.ms).slice(0, SHOWN)) lines.push(`  ${seconds(ms).padStart(8)}  ${project.padEnd(9)} ${file}`);
    console.log(lines.join("\n"));
  }
}
