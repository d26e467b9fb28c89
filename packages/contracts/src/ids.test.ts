import { describe, expect, it } from "vitest";
import { createIdGenerator, ID_EPOCH_MS, idFloorAt, idTimestamp, isValidId } from "./ids.ts";

const utc = (iso: string) => Date.parse(iso);

describe("isValidId", () => {
  it("accepts an id generated now", () => {
    const id = createIdGenerator({ workerId: 7 }).next();
    expect(isValidId(id)).toBe(true);
    expect(id).toMatch(/^\d{13,19}$/);
  });

  it.each([
    ["first millisecond of 2025", idFloorAt(utc("2025-01-01T00:00:00Z"))],
    ["last millisecond of 2050", idFloorAt(utc("2050-12-31T23:59:59.999Z"))],
    ["13 digits", "1000000000000"],
  ])("accepts %s", (_name, id) => {
    expect(isValidId(id)).toBe(true);
  });

  it.each([
    ["12 digits", "999999999999"],
    ["20 digits", "10000000000000000000"],
    ["first millisecond of 2051", idFloorAt(utc("2051-01-01T00:00:00Z"))],
    ["above signed 64-bit", "9223372036854775808"],
    ["leading zero", "0123456789012345"],
    ["not digits", "12345678901234a"],
    ["a number, not a string", 1234567890123456],
    ["empty", ""],
    ["negative", "-1234567890123456"],
  ])("rejects %s", (_name, id) => {
    expect(isValidId(id)).toBe(false);
  });

  it("accepts the largest signed 64-bit value only if its year fits", () => {
    // 2^63 - 1 decodes to a year past 2050, so it is out of range.
    expect(isValidId("9223372036854775807")).toBe(false);
  });
});

describe("createIdGenerator", () => {
  it("encodes the creation time and worker", () => {
    const at = utc("2026-11-22T10:00:00Z");
    const id = createIdGenerator({ workerId: 1023, now: () => at }).next();
    expect(idTimestamp(id)).toBe(at);
    expect((BigInt(id) >> 12n) & 1023n).toBe(1023n);
  });

  it("stays strictly increasing across 10 000 ids in one millisecond", () => {
    const gen = createIdGenerator({ workerId: 0, now: () => ID_EPOCH_MS + 1_000_000 });
    let previous = 0n;
    for (let i = 0; i < 10_000; i++) {
      const id = BigInt(gen.next());
      expect(id > previous).toBe(true);
      previous = id;
    }
  });

  it("stays increasing when the clock goes backwards", () => {
    let now = utc("2026-01-01T00:00:00Z");
    const gen = createIdGenerator({ workerId: 3, now: () => now });
    const first = BigInt(gen.next());
    now -= 60_000;
    expect(BigInt(gen.next()) > first).toBe(true);
  });

  it("refuses a worker id outside 0..1023 and a clock before the epoch", () => {
    expect(() => createIdGenerator({ workerId: 1024 })).toThrow(RangeError);
    expect(() => createIdGenerator({ workerId: -1 })).toThrow(RangeError);
    expect(() => createIdGenerator({ workerId: 0, now: () => ID_EPOCH_MS - 1 }).next()).toThrow(RangeError);
  });

  it("turns a time into an id bound that orders like ids", () => {
    const at = utc("2026-06-01T00:00:00Z");
    const id = createIdGenerator({ workerId: 5, now: () => at }).next();
    expect(BigInt(idFloorAt(at)) <= BigInt(id)).toBe(true);
    expect(BigInt(idFloorAt(at + 1)) > BigInt(id)).toBe(true);
  });
});
