import ipaddr from "ipaddr.js";

// 2000::/3 is the only block IANA allocates for global unicast. Everything outside it (::/8
// with loopback and IPv4-compatible addresses, 100::/64, 5f00::/16, fc00::/7, fe80::/10,
// fec0::/10, ff00::/8, ...) is not a public destination, whatever ipaddr.js calls it.
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR("2000::/3");

/**
 * True for globally routable unicast addresses only. IPv4 must be ipaddr.js "unicast" (so no
 * loopback, private, link-local, CGNAT, multicast, broadcast, reserved, documentation or
 * benchmarking range). IPv6 must be "unicast" inside 2000::/3, which also refuses 6to4,
 * Teredo, NAT64, ORCHID and documentation prefixes, since they can tunnel to any IPv4. An
 * IPv4-mapped address (::ffff:a.b.c.d) reaches exactly its embedded IPv4, so it is judged by
 * that: ::ffff:8.8.8.8 is allowed, ::ffff:10.0.0.1 is not. Anything unparsable is refused.
 */
export function isPublicAddress(address: string): boolean {
  const text = address.startsWith("[") && address.endsWith("]") ? address.slice(1, -1) : address;
  if (!ipaddr.isValid(text)) return false;
  const ip = ipaddr.parse(text);
  if (ip.kind() === "ipv4") return ip.range() === "unicast";
  const v6 = ip as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().range() === "unicast";
  return v6.range() === "unicast" && v6.match(GLOBAL_UNICAST_V6);
}

/**
 * Where an address leads, for the private-network policy:
 * - "public": globally routable, reached for anyone;
 * - "private": this machine and its networks (loopback, RFC 1918, carrier-grade NAT as Tailscale
 *   uses it, IPv6 unique-local), reached only for the readers the instance allows;
 * - "never": link-local (with the cloud metadata service at 169.254.169.254), the other clouds'
 *   metadata addresses, multicast, broadcast, unspecified and reserved ranges: reached for no one.
 */
export type AddressScope = "public" | "private" | "never";

const PRIVATE_V4 = new Set(["private", "loopback", "carrierGradeNat"]);
const PRIVATE_V6 = new Set(["uniqueLocal", "loopback"]);

// Metadata services that sit outside link-local: Alibaba Cloud's inside carrier-grade NAT, AWS's
// IPv6 one inside unique-local, Azure's wire server at an address that looks public. Each hands
// out the machine's credentials to whoever asks from it.
const METADATA = new Set(["100.100.100.200", "fd00:ec2::254", "168.63.129.16"].map((address) => ipaddr.parse(address).toNormalizedString()));

/** The scope of an IP address (brackets allowed); anything unparsable is "never". */
export function addressScope(address: string): AddressScope {
  const text = address.startsWith("[") && address.endsWith("]") ? address.slice(1, -1) : address;
  if (!ipaddr.isValid(text)) return "never";
  const parsed = ipaddr.parse(text);
  // ::ffff:a.b.c.d reaches exactly a.b.c.d: judged as that.
  const ip = parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress() ? (parsed as ipaddr.IPv6).toIPv4Address() : parsed;
  if (METADATA.has(ip.toNormalizedString())) return "never";
  if (isPublicAddress(ip.toString())) return "public";
  return (ip.kind() === "ipv4" ? PRIVATE_V4 : PRIVATE_V6).has(ip.range()) ? "private" : "never";
}

/**
 * Reads SHARED_PRIVATE_ADDRESSES: comma-separated addresses or CIDR ranges on private networks
 * that every reader may reach. Answers the ranges, or a problem for a value that is no address,
 * or one that is not on a private network (public ones need no sharing; link-local and metadata
 * ones are never reached).
 */
export function parseSharedAddresses(text: string): { ranges: string[]; problem: string | null } {
  const ranges: string[] = [];
  for (const part of text.split(",").map((item) => item.trim()).filter(Boolean)) {
    const cidr = part.includes("/") ? part : `${part}/${ipaddr.isValid(part) && ipaddr.parse(part).kind() === "ipv6" ? 128 : 32}`;
    let network: string;
    try {
      const [address, bits] = ipaddr.parseCIDR(cidr);
      network = address.toString();
      if (addressScope(network) !== "private") return { ranges, problem: `"${part}" is not on a private network (loopback, 10/8, 172.16/12, 192.168/16, 100.64/10 or fc00::/7)` };
      ranges.push(`${network}/${bits}`);
    } catch {
      return { ranges, problem: `"${part}" is not an IP address or a CIDR range` };
    }
  }
  return { ranges, problem: null };
}

/**
 * `addressScope`, with the private addresses inside `shared` (CIDR ranges) counted as public:
 * reached for every reader, and their answers passed on as a public service's.
 */
export function scopeWithShared(shared: readonly string[]): (address: string) => AddressScope {
  if (shared.length === 0) return addressScope;
  const ranges = shared.map((range) => ipaddr.parseCIDR(range));
  return (address) => {
    const scope = addressScope(address);
    if (scope !== "private") return scope;
    const text = address.startsWith("[") && address.endsWith("]") ? address.slice(1, -1) : address;
    const parsed = ipaddr.process(text);
    return ranges.some(([network, bits]) => network.kind() === parsed.kind() && parsed.match(network, bits)) ? "public" : scope;
  };
}
