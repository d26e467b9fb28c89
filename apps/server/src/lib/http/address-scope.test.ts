import { describe, expect, it } from "vitest";
import { addressScope, parseSharedAddresses, scopeWithShared } from "./address-scope.ts";

describe("addressScope", () => {
  it.each([
    ["8.8.8.8", "public"],
    ["2001:4860:4860::8888", "public"],
    ["::ffff:8.8.8.8", "public"],
    ["192.168.1.20", "private"],
    ["10.0.0.5", "private"],
    ["172.16.3.4", "private"],
    ["127.0.0.1", "private"],
    ["127.8.9.10", "private"],
    ["100.101.102.103", "private"],
    ["::1", "private"],
    ["[::1]", "private"],
    ["fd12:3456::1", "private"],
    ["::ffff:192.168.1.20", "private"],
    ["::ffff:127.0.0.1", "private"],
    ["169.254.169.254", "never"],
    ["169.254.1.1", "never"],
    ["fe80::1", "never"],
    ["::ffff:169.254.169.254", "never"],
    ["100.100.100.200", "never"],
    ["fd00:ec2::254", "never"],
    ["168.63.129.16", "never"],
    ["192.0.0.192", "never"],
    ["0.0.0.0", "never"],
    ["::", "never"],
    ["224.0.0.1", "never"],
    ["ff02::1", "never"],
    ["255.255.255.255", "never"],
    ["240.0.0.1", "never"],
    ["not an address", "never"],
  ])("%s → %s", (address, scope) => {
    expect(addressScope(address)).toBe(scope);
  });
});

describe("SHARED_PRIVATE_ADDRESSES", () => {
  it("reads addresses and CIDR ranges on private networks, and refuses anything else", () => {
    expect(parseSharedAddresses(" 127.0.0.1, 10.1.0.0/16,fd12::/64 ")).toEqual({ ranges: ["127.0.0.1/32", "10.1.0.0/16", "fd12::/64"], problem: null });
    expect(parseSharedAddresses("")).toEqual({ ranges: [], problem: null });
    expect(parseSharedAddresses("8.8.8.8").problem).toContain("is not on a private network");
    expect(parseSharedAddresses("169.254.169.254").problem).toContain("is not on a private network");
    expect(parseSharedAddresses("nas.local").problem).toBe('"nas.local" is not an IP address or a CIDR range');
  });

  it("counts the shared private addresses as public, and nothing else", () => {
    const scope = scopeWithShared(parseSharedAddresses("10.1.0.0/16,127.0.0.1").ranges);
    expect(scope("10.1.2.3")).toBe("public");
    expect(scope("::ffff:10.1.2.3")).toBe("public");
    expect(scope("127.0.0.1")).toBe("public");
    expect(scope("10.2.0.1")).toBe("private");
    expect(scope("127.0.0.2")).toBe("private");
    expect(scope("169.254.169.254")).toBe("never");
    expect(scope("8.8.8.8")).toBe("public");
  });
});
