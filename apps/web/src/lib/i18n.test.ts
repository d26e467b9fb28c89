import { describe, expect, it } from "vitest";
import { detectLanguage } from "./i18n.ts";

describe("detectLanguage (spec §4: query, then storage, then browser)", () => {
  it("takes the lng query parameter first", () => {
    expect(detectLanguage("?lng=ja", "zh-CN", ["en-US"])).toBe("ja");
  });

  it("then the stored choice", () => {
    expect(detectLanguage("?lng=xx", "zh-TW", ["ja"])).toBe("zh-TW");
  });

  it("then the first supported browser language", () => {
    expect(detectLanguage("", null, ["fr-FR", "zh-HK", "en"])).toBe("zh-TW");
  });

  it("else English", () => {
    expect(detectLanguage("", null, ["fr-FR"])).toBe("en");
  });
});
