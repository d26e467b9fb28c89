import { describe, expect, it } from "vitest";
import { matchLanguage } from "./index.ts";

describe("matchLanguage", () => {
  it.each([
    ["en", "en"],
    ["en-US", "en"],
    ["EN_gb", "en"],
    ["ja-JP", "ja"],
    ["zh", "zh-CN"],
    ["zh-CN", "zh-CN"],
    ["zh-Hans-SG", "zh-CN"],
    ["zh-TW", "zh-TW"],
    ["zh-HK", "zh-TW"],
    ["zh-Hant", "zh-TW"],
    ["fr-FR", null],
    ["", null],
    [null, null],
  ])("%j → %j", (tag, language) => {
    expect(matchLanguage(tag)).toBe(language);
  });
});
