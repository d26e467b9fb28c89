import ipaddr from "ipaddr.js";
import { isPublicAddress } from "./address-guard.ts";
import { createHttpClient } from "./client.ts";
import type { HttpClient } from "./types.ts";
import { USER_AGENT } from "./user-agent.ts";

const LAN_V4 = new Set(["private", "loopback", "carrierGradeNat"]);
const LAN_V6 = new Set(["uniqueLocal", "loopback"]);

/**
 * The addresses a reader's self-hosted service may have once they allowed private networks for
 * it: public ones, plus private, loopback and carrier-grade NAT (Tailscale) ranges and IPv6
 * unique-local ones. Link-local stays refused, and with it the cloud metadata service
 * (169.254.169.254), as do multicast, broadcast and reserved ranges.
 */
export function isLanOrPublicAddress(address: string): boolean {
  if (isPublicAddress(address)) return true;
  const text = address.startsWith("[") && address.endsWith("]") ? address.slice(1, -1) : address;
  if (!ipaddr.isValid(text)) return false;
  const ip = ipaddr.parse(text);
  if (ip.kind() === "ipv4") return LAN_V4.has(ip.range());
  const v6 = ip as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return LAN_V4.has(v6.toIPv4Address().range());
  return LAN_V6.has(v6.range());
}

/**
 * The client for services readers run on their own network (integrations they allowed there,
 * RSSHub instances): the server's guard with {@link isLanOrPublicAddress} as its policy. One per
 * process; an instance that fetches from private networks anyway passes its own client instead.
 */
export function createLanHttpClient(options: { totalTimeoutMs: number; maxBytes: number }): HttpClient {
  return createHttpClient({ userAgent: USER_AGENT, allowPrivateNetworks: false, isAddressAllowed: isLanOrPublicAddress, ...options });
}
