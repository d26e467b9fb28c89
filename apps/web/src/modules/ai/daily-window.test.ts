import { describe, expect, it } from "vitest";
import { dailyWindows, latestClosedWindow } from "./daily-window.ts";

/** A local time: the windows are cut in the browser's own time zone. */
const local = (day: number, hour: number, minute = 0) => new Date(2026, 10, day, hour, minute);
const span = (window: { start: number; end: number }) => [new Date(window.start), new Date(window.end)];

describe("daily report windows (facts §2.10, spec §9)", () => {
  it("cuts today, last night, yesterday and the night before last at 08:00 and 20:00 local time", () => {
    const windows = dailyWindows(local(20, 14, 30));
    expect(windows.map((window) => window.id)).toEqual(["today", "lastNight", "yesterday", "nightBeforeLast"]);
    expect(windows.map(span)).toEqual([
      [local(20, 8), local(20, 20)],
      [local(19, 20), local(20, 8)],
      [local(19, 8), local(19, 20)],
      [local(18, 20), local(19, 8)],
    ]);
  });

  it("knows which windows are over, under way or still to come", () => {
    expect(dailyWindows(local(20, 14)).map((window) => window.state)).toEqual(["open", "closed", "closed", "closed"]);
    expect(dailyWindows(local(20, 21)).map((window) => window.state)).toEqual(["closed", "closed", "closed", "closed"]);
    expect(dailyWindows(local(20, 3)).map((window) => window.state)).toEqual(["future", "open", "closed", "closed"]);
    // The window boundaries: 08:00 belongs to the day, 20:00 to the night.
    expect(dailyWindows(local(20, 8)).map((window) => window.state)).toEqual(["open", "closed", "closed", "closed"]);
    expect(dailyWindows(local(20, 20)).map((window) => window.state)).toEqual(["closed", "closed", "closed", "closed"]);
  });

  it("opens on the latest window that is over, as the reference client does", () => {
    expect(latestClosedWindow(dailyWindows(local(20, 21))).id).toBe("today");
    expect(latestClosedWindow(dailyWindows(local(20, 14))).id).toBe("lastNight");
    expect(latestClosedWindow(dailyWindows(local(20, 3))).id).toBe("yesterday");
  });

  it("works across the start of a month", () => {
    const windows = dailyWindows(new Date(2026, 2, 1, 6));
    expect(span(windows[3]!)).toEqual([new Date(2026, 1, 27, 20), new Date(2026, 1, 28, 8)]);
  });
});
