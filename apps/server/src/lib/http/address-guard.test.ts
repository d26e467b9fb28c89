import type { LookupAddress } from "node:dns";
import { describe, expect, it } from "vitest";
import { isAcceptablePeer, pinnedLookup } from "./address-guard.ts";
import { isPublicAddress } from "./address-scope.ts";

const REFUSED = [
  ["127.0.0.1", "loopback"],
  ["127.255.255.254", "loopback /8"],
  ["10.1.2.3", "private 10/8"],
  ["172.16.0.1", "private 172.16/12 (start)"],
  ["172.31.255.255", "private 172.16/12 (end)"],
  ["192.168.1.1", "private 192.168/16"],
  ["169.254.169.254", "link-local (cloud metadata)"],
  ["100.64.0.1", "CGNAT"],
  ["0.0.0.0", "unspecified"],
  ["0.1.2.3", "this network 0/8"],
  ["255.255.255.255", "broadcast"],
  ["224.0.0.1", "multicast"],
  ["240.0.0.1", "reserved 240/4"],
  ["192.0.0.8", "IETF protocol assignments"],
  ["192.0.2.1", "TEST-NET-1"],
  ["198.51.100.7", "TEST-NET-2"],
  ["203.0.113.9", "TEST-NET-3"],
  ["198.18.0.1", "benchmarking"],
  ["192.88.99.1", "6to4 relay anycast"],
  ["::1", "IPv6 loopback"],
  ["::", "IPv6 unspecified"],
  ["fe80::1", "IPv6 link-local"],
  ["fe80::1%eth0", "IPv6 link-local with zone"],
  ["fc00::1", "unique-local fc00::/7"],
  ["fd12::1", "unique-local fd00::/8"],
  ["fec0::1", "site-local (deprecated)"],
  ["::ffff:127.0.0.1", "IPv4-mapped loopback"],
  ["::ffff:7f00:1", "IPv4-mapped loopback, hex form"],
  ["::ffff:10.0.0.1", "IPv4-mapped private"],
  ["::ffff:169.254.169.254", "IPv4-mapped link-local"],
  ["::127.0.0.1", "IPv4-compatible (deprecated)"],
  ["::ffff:0:8.8.8.8", "IPv4-translated (RFC 6145)"],
  ["64:ff9b::7f00:1", "NAT64 well-known prefix"],
  ["64:ff9b::808:808", "NAT64 even for a public IPv4"],
  ["64:ff9b:1::1", "NAT64 local-use"],
  ["2002:7f00:1::1", "6to4"],
  ["2001::1", "Teredo"],
  ["2001:db8::1", "documentation"],
  ["2001:2::1", "benchmarking"],
  ["100::1", "discard-only"],
  ["ff02::1", "multicast"],
  ["4000::1", "outside 2000::/3"],
  ["not an address", "garbage"],
  ["", "empty"],
] as const;

const ALLOWED = [
  ["8.8.8.8", "public IPv4"],
  ["1.1.1.1", "public IPv4"],
  ["93.184.216.34", "public IPv4"],
  ["172.15.255.255", "just below 172.16/12"],
  ["172.32.0.1", "just above 172.16/12"],
  ["100.128.0.1", "just above CGNAT"],
  ["2606:4700:4700::1111", "public IPv6"],
  ["2a00:1450:4001:80b::200e", "public IPv6"],
  // Decided: a mapped address reaches exactly its embedded IPv4, so that is what is judged.
  ["::ffff:8.8.8.8", "IPv4-mapped public"],
  ["[2606:4700:4700::1111]", "bracketed IPv6"],
] as const;

describe("isPublicAddress", () => {
  it.each(REFUSED)("refuses %s (%s)", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(ALLOWED)("allows %s (%s)", (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe("isAcceptablePeer", () => {
  const checked = [{ address: "2606:4700:4700:0:0:0:0:1111", family: 6 as const }];

  it("requires a fresh socket's peer to be one of the checked addresses, in any notation", () => {
    expect(isAcceptablePeer("2606:4700:4700::1111", isPublicAddress, checked)).toBe(true);
    expect(isAcceptablePeer("8.8.8.8", isPublicAddress, checked)).toBe(false);
    expect(isAcceptablePeer(undefined, isPublicAddress, checked)).toBe(false);
  });

  it("judges a pooled socket by the policy alone", () => {
    expect(isAcceptablePeer("8.8.8.8", isPublicAddress, null)).toBe(true);
    expect(isAcceptablePeer("10.0.0.1", isPublicAddress, null)).toBe(false);
  });
});

describe("pinnedLookup", () => {
  const lookup = pinnedLookup([
    { address: "93.184.216.34", family: 4 },
    { address: "2606:2800:220:1::1", family: 6 },
  ]);
  const call = (options: object) =>
    new Promise<{ error: Error | null; address: string | LookupAddress[]; family?: number }>((resolve) =>
      lookup("ignored.example", options, (error, address, family) => resolve({ error, address, family })),
    );

  it("answers with the checked addresses only, whatever the hostname", async () => {
    expect(await call({ all: true })).toMatchObject({
      error: null,
      address: [
        { address: "93.184.216.34", family: 4 },
        { address: "2606:2800:220:1::1", family: 6 },
      ],
    });
    expect(await call({})).toMatchObject({ error: null, address: "93.184.216.34", family: 4 });
  });

  it("honours a requested family and fails when none of the checked addresses has it", async () => {
    expect(await call({ family: 6 })).toMatchObject({ error: null, address: "2606:2800:220:1::1", family: 6 });
    const only4 = pinnedLookup([{ address: "93.184.216.34", family: 4 }]);
    const error = await new Promise<Error | null>((resolve) => only4("x", { family: 6 }, (err) => resolve(err)));
    expect(error).toMatchObject({ code: "ENOTFOUND" });
  });
});
