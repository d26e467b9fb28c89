import { describe, expect, it } from "vitest";
import { storage } from "../lib/storage.ts";
import { detectUpgrade, isUpgrade, upgradedFromVersion } from "./upgrade.ts";

describe("upgrade detection (spec §4)", () => {
  it.each([
    ["0.5.0", "0.5.1-beta", true],
    ["0.5.0", "0.6.0", true],
    ["0.5.0-a", "0.5.0-b", false],
    ["0.5.0", "0.5.0-nightly.3", false],
    ["0.5.0", "0.5.0", false],
    [null, "0.5.0", false],
  ])("%s → %s is an upgrade: %s", (previous, current, expected) => {
    expect(isUpgrade(previous, current)).toBe(expected);
  });

  it("stores the new version, flags the upgrade once and not again on the next start", () => {
    storage.set("app_version", "0.4.2");
    expect(detectUpgrade("0.5.0")).toEqual({ upgraded: true, previous: "0.4.2" });
    expect(upgradedFromVersion()).toBe("0.4.2");
    expect(storage.get("app_version")).toBe("0.5.0");
    expect(detectUpgrade("0.5.0").upgraded).toBe(false);
  });

  it("records the version on a first start without calling it an upgrade", () => {
    expect(detectUpgrade("0.5.0")).toEqual({ upgraded: false, previous: null });
    expect(localStorage.getItem("tidings:app_version")).toBe("0.5.0");
  });
});
