import { describe, expect, it } from "vitest";
import { isLanOrPublicAddress } from "./lan-policy.ts";

describe("isLanOrPublicAddress", () => {
  it.each([
    ["8.8.8.8", true],
    ["192.168.1.20", true],
    ["10.0.0.5", true],
    ["172.16.3.4", true],
    ["127.0.0.1", true],
    ["100.101.102.103", true],
    ["::1", true],
    ["fd12:3456::1", true],
    ["::ffff:192.168.1.20", true],
    ["2001:4860:4860::8888", true],
    ["169.254.169.254", false],
    ["fe80::1", false],
    ["::ffff:169.254.169.254", false],
    ["0.0.0.0", false],
    ["224.0.0.1", false],
    ["255.255.255.255", false],
    ["not an address", false],
  ])("%s → %s", (address, allowed) => {
    expect(isLanOrPublicAddress(address)).toBe(allowed);
  });
});
