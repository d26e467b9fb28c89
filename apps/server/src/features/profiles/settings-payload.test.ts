import { describe, expect, it } from "vitest";
import type { AppError } from "../../errors.ts";
import { assertSettingsSize, MAX_SETTINGS_BYTES, mergeSettings, parseSettingsPatch } from "./settings-payload.ts";

const codeOf = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    return (error as AppError).code;
  }
  return null;
};

describe("settings payloads", () => {
  it("accepts JSON objects only (7002 otherwise)", () => {
    expect(parseSettingsPatch('{"a":1,"b":{"c":[1]}}')).toEqual({ a: 1, b: { c: [1] } });
    for (const text of ["[]", "1", '"a"', "null", "true", "{", ""]) expect(codeOf(() => parseSettingsPatch(text))).toBe(7002);
  });

  it("merges shallowly, null removes a key, nested objects are replaced whole", () => {
    expect(mergeSettings({ a: 1, b: { x: 1 }, c: 3 }, { b: { y: 2 }, c: null, d: false })).toEqual({ a: 1, b: { y: 2 }, d: false });
    expect(mergeSettings({}, { gone: null })).toEqual({});
  });

  it("keeps a __proto__ key an ordinary key", () => {
    const merged = mergeSettings({}, parseSettingsPatch('{"__proto__":{"polluted":true}}'));
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(JSON.stringify(merged)).toBe('{"__proto__":{"polluted":true}}');
  });

  it("measures the serialised size in UTF-8 bytes (7003 past 64 KB)", () => {
    const overhead = JSON.stringify({ k: "" }).length;
    expect(codeOf(() => assertSettingsSize({ k: "x".repeat(MAX_SETTINGS_BYTES - overhead) }))).toBeNull();
    expect(codeOf(() => assertSettingsSize({ k: "x".repeat(MAX_SETTINGS_BYTES - overhead + 1) }))).toBe(7003);
    // "é" is one character but two bytes.
    expect(codeOf(() => assertSettingsSize({ k: "é".repeat(MAX_SETTINGS_BYTES / 2) }))).toBe(7003);
  });
});
