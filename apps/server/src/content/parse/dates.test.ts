import { describe, expect, it } from "vitest";
import { parseFeedDate } from "./dates.ts";

const at = (iso: string) => Date.parse(iso);

describe("parseFeedDate", () => {
  it.each([
    ["Sat, 07 Sep 2002 00:00:01 GMT", "2002-09-07T00:00:01Z"],
    ["Sat, 07 Sep 2002 00:00:01 +0200", "2002-09-06T22:00:01Z"],
    ["07 Sep 2002 00:00 EDT", "2002-09-07T04:00:00Z"],
    ["Sat, 7 Sep 02 00:00:01 PST", "2002-09-07T08:00:01Z"],
    ["Sat,07 Sep 2002 00:00:01 -05:30", "2002-09-07T05:30:01Z"],
    ["Mon, 02 Jan 2006 15:04:05 Z", "2006-01-02T15:04:05Z"],
    ["Tue, 10 Jun 2003 04:00:00 UT", "2003-06-10T04:00:00Z"],
    ["Wed, 12 Mär 2025 10:00:00 +0100", "2025-03-12T09:00:00Z"],
    ["2003-12-31T10:14:55Z", "2003-12-31T10:14:55Z"],
    ["2003-12-31T10:14:55.123-08:00", "2003-12-31T18:14:55.123Z"],
    ["2003-12-31T10:14:55+0100", "2003-12-31T09:14:55Z"],
    ["2003-12-31 10:14:55", "2003-12-31T10:14:55Z"],
    ["2003-12-31", "2003-12-31T00:00:00Z"],
    ["20031231T101455Z", "2003-12-31T10:14:55Z"],
    ["2003-12", "2003-12-01T00:00:00Z"],
    ["December 31, 2003 10:14:55", "2003-12-31T10:14:55Z"],
    ["Dec 31st, 2003", "2003-12-31T00:00:00Z"],
    ["  Sat,   07 Sep 2002   00:00:01  GMT ", "2002-09-07T00:00:01Z"],
  ])("%s", (raw, iso) => {
    expect(parseFeedDate(raw)).toBe(at(iso));
  });

  it.each(["", "   ", "not a date", "32 Foo 2002", "yesterday"])("refuses %j", (raw) => {
    expect(parseFeedDate(raw)).toBeNull();
  });

  it("reads Unix timestamps in seconds and milliseconds", () => {
    expect(parseFeedDate("1700000000")).toBe(1_700_000_000_000);
    expect(parseFeedDate("1700000000123")).toBe(1_700_000_000_123);
  });
});
