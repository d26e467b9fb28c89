import { describe, expect, it } from "vitest";
import { ERROR_CATALOGUE, ERROR_CODES, ErrorCode, errorStatus, isActivationError, isErrorCode } from "./errors.ts";

describe("error catalogue", () => {
  it("holds every code of spec §8 exactly once, and the AI helpers' 11000-11003, each with a message and an error status", () => {
    expect(ERROR_CODES).toHaveLength(81);
    expect(ERROR_CODES.filter((code) => code >= 15000 && code < 16000)).toEqual([15000, 15001]);
    expect(ERROR_CODES.filter((code) => code >= 16000 && code < 17000)).toEqual([16000]);
    expect(ERROR_CODES.filter((code) => code >= 17000 && code < 18000)).toEqual([17000, 17001]);
    expect(ERROR_CODES.filter((code) => code >= 18000 && code < 19000)).toEqual([18000]);
    expect(ERROR_CODES.filter((code) => code >= 19000)).toEqual([19000, 19001]);
    expect(ERROR_CODES.filter((code) => code >= 11000 && code < 12000)).toEqual([11000, 11001, 11002, 11003]);
    for (const code of ERROR_CODES) {
      expect(ERROR_CATALOGUE[code].message.length).toBeGreaterThan(0);
      expect(errorStatus(code)).toBeGreaterThanOrEqual(400);
    }
  });

  it("names map onto catalogue codes, one name per code", () => {
    const values = Object.values(ErrorCode);
    expect(new Set(values).size).toBe(values.length);
    expect(values.sort((a, b) => a - b)).toEqual(ERROR_CODES);
  });

  it("answers 1003 with 400 (the client sends the visitor to /invitation) and 1000 with 401", () => {
    expect(errorStatus(ErrorCode.InvalidInvitation)).toBe(400);
    expect(errorStatus(ErrorCode.Unauthorized)).toBe(401);
  });

  it("recognises codes and the activation range", () => {
    expect(isErrorCode(2001)).toBe(true);
    expect(isErrorCode(2005)).toBe(false);
    expect(isErrorCode("2001")).toBe(false);
    expect(isActivationError(1101)).toBe(true);
    expect(isActivationError(1002)).toBe(false);
    expect(isActivationError(ErrorCode.AiDailyLimit)).toBe(false);
  });
});
