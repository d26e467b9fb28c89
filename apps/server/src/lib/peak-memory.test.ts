import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { peakResidentMb } from "./peak-memory.ts";

describe("peak resident memory", () => {
  it("is this process's own, not the size of the process it was forked from", () => {
    const own = peakResidentMb();
    expect(own).toBeGreaterThan(10);
    // A parent holding 300 MB spawns a small child: the child's peak is its own.
    const script = `
      const big = Buffer.alloc(300 * 1024 * 1024, 1);
      const { spawnSync } = require("node:child_process");
      const child = spawnSync(process.execPath, ["--input-type=module", "-e", ${JSON.stringify(`import { peakResidentMb } from ${JSON.stringify(new URL("./peak-memory.ts", import.meta.url).href)}; console.log(JSON.stringify({ own: peakResidentMb(), rusage: Math.round(process.resourceUsage().maxRSS / 1024) }));`)}], { encoding: "utf8" });
      console.log(child.stdout.trim() || child.stderr);
      big[0] = 2;`;
    const answer = JSON.parse(spawnSync(process.execPath, ["-e", script], { encoding: "utf8" }).stdout) as { own: number; rusage: number };
    expect(answer.own).toBeLessThan(150);
  });
});
