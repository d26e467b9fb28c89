import { z } from "zod";
import { type EnvOf, type EnvShape, oneOf, optionalBool } from "../../config/parsers.ts";
import { parseSharedAddresses } from "./address-scope.ts";
import { PRIVATE_NETWORKS_FOR, type PrivateNetworksFor } from "./network-policy.ts";

export const networkEnv = {
  PRIVATE_NETWORKS_FOR: oneOf("PRIVATE_NETWORKS_FOR", PRIVATE_NETWORKS_FOR).optional(),
  SHARED_PRIVATE_ADDRESSES: z.string().optional(),
  // Older names, folded into PRIVATE_NETWORKS_FOR (see networkConfig).
  FETCH_ALLOW_PRIVATE_NETWORKS: optionalBool("FETCH_ALLOW_PRIVATE_NETWORKS"),
  RSSHUB_ALLOW_PRIVATE_NETWORKS: optionalBool("RSSHUB_ALLOW_PRIVATE_NETWORKS"),
  INTEGRATIONS_ALLOW_PRIVATE_NETWORKS: optionalBool("INTEGRATIONS_ALLOW_PRIVATE_NETWORKS"),
} satisfies EnvShape;

/**
 * The private-network policy (network-policy.ts): whose addresses may be on this machine or its
 * networks. `notices` says how older variables were read, for the start log.
 */
export interface NetworkConfig {
  readonly privateNetworksFor: PrivateNetworksFor;
  /** Ranges on private networks every reader may reach, as if public (SHARED_PRIVATE_ADDRESSES). */
  readonly sharedAddresses: readonly string[];
  readonly notices: readonly string[];
}

const OLDER = ["FETCH_ALLOW_PRIVATE_NETWORKS", "RSSHUB_ALLOW_PRIVATE_NETWORKS", "INTEGRATIONS_ALLOW_PRIVATE_NETWORKS"] as const;

/**
 * PRIVATE_NETWORKS_FOR, or what the older variables meant when it is unset:
 * FETCH_ALLOW_PRIVATE_NETWORKS=true and RSSHUB_ALLOW_PRIVATE_NETWORKS=true let every reader's
 * addresses be private ("everyone"); INTEGRATIONS_ALLOW_PRIVATE_NETWORKS=false let no one's
 * integrations be ("none", which wins, being the stricter). Their other values mean the default.
 */
export function networkConfig(e: EnvOf<typeof networkEnv>, problems: string[]): NetworkConfig {
  const shared = parseSharedAddresses(e.SHARED_PRIVATE_ADDRESSES ?? "");
  if (shared.problem) problems.push(`SHARED_PRIVATE_ADDRESSES: ${shared.problem}`);
  const sharedAddresses = Object.freeze(shared.ranges);
  const older = OLDER.filter((name) => e[name] !== undefined);
  if (e.PRIVATE_NETWORKS_FOR) {
    const notices = older.map((name) => `${name} is ignored: PRIVATE_NETWORKS_FOR=${e.PRIVATE_NETWORKS_FOR} is set`);
    return Object.freeze({ privateNetworksFor: e.PRIVATE_NETWORKS_FOR, sharedAddresses, notices: Object.freeze(notices) });
  }
  const folded: PrivateNetworksFor =
    e.INTEGRATIONS_ALLOW_PRIVATE_NETWORKS === false ? "none" : e.FETCH_ALLOW_PRIVATE_NETWORKS === true || e.RSSHUB_ALLOW_PRIVATE_NETWORKS === true ? "everyone" : "admins";
  const notices = older.map((name) => `${name} is an older name: read as PRIVATE_NETWORKS_FOR=${folded}; set that instead`);
  return Object.freeze({ privateNetworksFor: folded, sharedAddresses, notices: Object.freeze(notices) });
}
