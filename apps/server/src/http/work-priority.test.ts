import { describe, expect, it } from "vitest";
import { QUICK_HEAD_START_MS, workArrival } from "./work-priority.ts";

describe("workArrival", () => {
  it("gives unread counts, marks and stars a head start", () => {
    for (const path of ["/api/reads", "/api/reads/", "/api/collections"]) expect(workArrival(path, 5000)).toBe(5000 - QUICK_HEAD_START_MS);
  });

  it("counts everything else from its arrival, mark-all and the heavy reads included", () => {
    for (const path of ["/api/entries", "/api/search", "/api/reads/all", "/api/reads/total-count", "/api/readsx", "/healthz"]) expect(workArrival(path, 5000)).toBe(5000);
  });
});
