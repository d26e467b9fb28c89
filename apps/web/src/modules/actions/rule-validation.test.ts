import type { ActionRule } from "@tidings/contracts";
import { describe, expect, it } from "vitest";
import { problemFromReason, regexProblem, validateRules } from "./rule-validation.ts";

const limits = { maxActions: 2, maxWebhooksPerAction: 1 };
const rule = (over: Partial<ActionRule>): ActionRule => ({ name: "r", condition: [], result: {}, ...over });

describe("validateRules", () => {
  it("takes valid rules", () => {
    expect(validateRules([rule({ condition: [[{ field: "entry_title", operator: "regex", value: "^rust\\b" }]], result: { block: true } })], limits).size).toBe(0);
  });

  it("names the field of each problem", () => {
    const problems = validateRules(
      [
        rule({
          condition: [[{ field: "view", operator: "contains", value: "x" }], [{ field: "entry_title", operator: "regex", value: "(?=a)" }]],
          result: { webhooks: ["ftp://x", "https://b.example"], rewriteRules: [{ from: "", to: "y" }] },
        }),
      ],
      limits,
    );
    expect(problems.get("0.condition.0.0.operator")).toMatch(/contains/);
    expect(problems.get("0.condition.0.0.value")).toBeTruthy();
    expect(problems.get("0.condition.1.0.value")).toBe("regex_unsupported");
    expect(problems.get("0.result.webhooks")).toMatch(/1 webhook/);
    expect(problems.get("0.result.rewriteRules.0.from")).toBeTruthy();
    expect(validateRules([rule({ result: { webhooks: ["ftp://x"] } })], limits).get("0.result.webhooks.0")).toMatch(/http/);
    expect(validateRules([rule({}), rule({}), rule({})], limits).get("")).toMatch(/2 actions/);
  });

  it("tells RE2 patterns from others", () => {
    expect(regexProblem("a(b|c)+")).toBeNull();
    expect(regexProblem("(a")).toBe("invalid");
    expect(regexProblem("(a)\\1")).toBe("unsupported");
    expect(regexProblem("(?<!x)y")).toBe("unsupported");
  });
});

describe("problemFromReason", () => {
  it("reads the path the server names", () => {
    expect(problemFromReason("rules[0].condition[1][2]: bad pattern")).toEqual(["0.condition.1.2.value", "bad pattern"]);
    expect(problemFromReason("rules[3].result.webhooks[0]: Enter an http(s) URL")).toEqual(["3.result.webhooks.0", "Enter an http(s) URL"]);
    expect(problemFromReason("something else")).toBeNull();
    expect(problemFromReason(undefined)).toBeNull();
  });
});
