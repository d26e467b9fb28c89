import { type ActionRule, actionRulesSchema } from "@tidings/contracts";
import { describe, expect, it } from "vitest";
import { type ActionSubject, compileRules, InvalidActionRegex, rewrite } from "./action-engine.ts";

const NOW = Date.UTC(2026, 10, 26, 12);
const subject = (overrides: Partial<ActionSubject> = {}): ActionSubject => ({
  view: 0,
  feedTitle: "Rust Blog",
  category: "Programming",
  siteUrl: "https://blog.rust-lang.org/",
  feedUrl: "https://blog.rust-lang.org/feed.xml",
  entryTitle: "Announcing Rust 1.99",
  entryContent: "<p>The Rust team is happy to announce a <b>new</b> version.</p><img src=a.png><img src=b.png>",
  entryUrl: "https://blog.rust-lang.org/2026/11/26/Rust-1.99.html",
  entryAuthor: "The Release Team",
  mediaLength: 2,
  publishedAt: new Date(NOW - 5 * 3_600_000),
  ...overrides,
});
const rule = (condition: ActionRule["condition"], result: ActionRule["result"], name = "r"): ActionRule => ({ name, condition, result });
const matches = async (condition: ActionRule["condition"], over: Partial<ActionSubject> = {}) => (await compileRules([rule(condition, { star: true })])).match(subject(over), NOW) !== null;

describe("compileRules", () => {
  it("applies every operator to text fields, ignoring case", async () => {
    expect(await matches([[{ field: "entry_title", operator: "contains", value: "RUST 1.99" }]])).toBe(true);
    expect(await matches([[{ field: "entry_title", operator: "not_contains", value: "rust" }]])).toBe(false);
    expect(await matches([[{ field: "title", operator: "eq", value: " rust blog " }]])).toBe(true);
    expect(await matches([[{ field: "category", operator: "not_eq", value: "programming" }]])).toBe(false);
    expect(await matches([[{ field: "entry_url", operator: "regex", value: "/20\\d\\d/11/" }]])).toBe(true);
    expect(await matches([[{ field: "entry_author", operator: "regex", value: "^release" }]])).toBe(false);
    // Content is compared as text: markup is not part of it.
    expect(await matches([[{ field: "entry_content", operator: "contains", value: "a new version" }]])).toBe(true);
    expect(await matches([[{ field: "entry_content", operator: "contains", value: "<b>" }]])).toBe(false);
    expect(await matches([[{ field: "site_url", operator: "contains", value: "rust-lang" }]])).toBe(true);
    expect(await matches([[{ field: "feed_url", operator: "eq", value: "https://blog.rust-lang.org/feed.xml" }]])).toBe(true);
  });

  it("compares numbers: view, media count and age in hours", async () => {
    expect(await matches([[{ field: "view", operator: "eq", value: "0" }]])).toBe(true);
    expect(await matches([[{ field: "view", operator: "not_eq", value: "0" }]])).toBe(false);
    expect(await matches([[{ field: "entry_media_length", operator: "gt", value: "1" }]])).toBe(true);
    expect(await matches([[{ field: "entry_media_length", operator: "lt", value: "2" }]])).toBe(false);
    expect(await matches([[{ field: "entry_age_hours", operator: "gt", value: "4" }]])).toBe(true);
    expect(await matches([[{ field: "entry_age_hours", operator: "lt", value: "4" }]])).toBe(false);
  });

  it("matches OR groups of AND terms; no group matches everything; missing fields are empty", async () => {
    const groups: ActionRule["condition"] = [
      [
        { field: "entry_title", operator: "contains", value: "rust" },
        { field: "entry_author", operator: "contains", value: "nobody" },
      ],
      [{ field: "category", operator: "eq", value: "programming" }],
    ];
    expect(await matches(groups)).toBe(true);
    expect(await matches(groups, { category: "News" })).toBe(false);
    expect(await matches([])).toBe(true);
    expect(await matches([[{ field: "entry_author", operator: "eq", value: "" }]], { entryAuthor: null })).toBe(true);
  });

  it("merges the results of every enabled rule that matches, in order", async () => {
    const rules = await compileRules([
      rule([], { translation: "ja", summary: true, webhooks: ["https://hooks.example/a", " https://hooks.example/b "], rewriteRules: [{ from: "Rust", to: "Ferris" }] }, "one"),
      rule([[{ field: "entry_title", operator: "contains", value: "nothing like this" }]], { block: true }, "two"),
      rule([], { translation: "en", silence: true, webhooks: ["https://hooks.example/a"], titleRewriteRules: [{ from: "Announcing", to: "New:" }] }, "three"),
      rule([], { block: true, disabled: true }, "off"),
    ]);
    expect(rules.size).toBe(3);
    expect(rules.match(subject(), NOW)).toEqual({
      rules: ["one", "three"],
      settings: { translation: "ja", summary: true, silence: true },
      block: false,
      rewriteRules: [{ from: "Rust", to: "Ferris" }],
      titleRewriteRules: [{ from: "Announcing", to: "New:" }],
      webhooks: [
        { url: "https://hooks.example/a", rule: "one" },
        { url: "https://hooks.example/b", rule: "one" },
      ],
    });
    expect((await compileRules([rule([[{ field: "view", operator: "eq", value: "3" }]], { block: true })])).match(subject(), NOW)).toBeNull();
  });

  it("runs regular expressions in linear time and refuses what RE2 cannot run", async () => {
    const evil = await compileRules([rule([[{ field: "entry_title", operator: "regex", value: "^(a+)+$" }]], { block: true })]);
    const started = performance.now();
    expect(evil.match(subject({ entryTitle: `${"a".repeat(50_000)}!` }), NOW)).toBeNull();
    expect(performance.now() - started).toBeLessThan(500);
    await expect(compileRules([rule([[{ field: "entry_title", operator: "regex", value: "(?<=x)y" }]], {})])).rejects.toThrow(InvalidActionRegex);
    await expect(compileRules([rule([[{ field: "entry_title", operator: "regex", value: "(a" }]], {})])).rejects.toThrow(/rules\[0\]\.condition\[0\]\[0\]/);
  });
});

describe("rewrite", () => {
  it("replaces every occurrence, rule after rule, text as written", async () => {
    expect(rewrite("a.b a.b", [{ from: "a.b", to: "x" }, { from: "x x", to: "y" }])).toBe("y");
    expect(rewrite("keep", [{ from: "", to: "z" }])).toBe("keep");
  });
});

describe("actionRulesSchema", () => {
  const schema = actionRulesSchema({ maxActions: 2, maxWebhooksPerAction: 1 });
  it("takes the reference's shape, a flat condition as one group", async () => {
    const parsed = schema.parse([{ name: "x", condition: [{ field: "entry_title", operator: "contains", value: "a" }], result: { summary: true } }]);
    expect(parsed[0]!.condition).toEqual([[{ field: "entry_title", operator: "contains", value: "a" }]]);
  });

  it("refuses operators that do not fit the field, non-numbers, bad URLs and too many", async () => {
    const bad = (value: unknown) => schema.safeParse(value).success;
    expect(bad([{ name: "", condition: [[{ field: "view", operator: "contains", value: "1" }]], result: {} }])).toBe(false);
    expect(bad([{ name: "", condition: [[{ field: "entry_media_length", operator: "gt", value: "many" }]], result: {} }])).toBe(false);
    expect(bad([{ name: "", condition: [], result: { webhooks: ["ftp://x"] } }])).toBe(false);
    expect(bad([{ name: "", condition: [], result: { webhooks: ["https://a.example", "https://b.example"] } }])).toBe(false);
    expect(bad([{ name: "", condition: [], result: { translation: "fr" } }])).toBe(false);
    expect(bad(Array.from({ length: 3 }, () => ({ name: "", condition: [], result: {} })))).toBe(false);
    expect(bad([{ name: "", condition: [], result: { star: true } }])).toBe(true);
  });
});
