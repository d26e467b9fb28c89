import { ErrorCode } from "@tidings/contracts";
import { AppError } from "../../errors.ts";
import type { FetchError } from "./errors.ts";
import { isRefusal, type NetworkPolicy, type Voucher } from "./network-policy.ts";

/**
 * The one answer to an address the private-network policy refused, the same for every feature
 * (feeds, integrations, webhooks, RSSHub instances, AI providers, images, push): code 16000, and
 * a reason that names the host as the reader typed it and why. The address it resolved to is
 * left out, so a reader cannot map the server's own network through it.
 */
export function refusalError(error: FetchError, context: { policy: Pick<NetworkPolicy, "privateNetworksFor" | "allows">; who: Voucher; hint?: string }): AppError {
  const host = error.refusal?.host ?? hostOf(error.url);
  if (error.refusal?.scope === "never") {
    return new AppError(ErrorCode.AddressNotAllowed, { reason: `${host} is a link-local, metadata or reserved address, which Tidings never connects to` });
  }
  const { policy, who } = context;
  const why =
    context.hint ??
    (policy.allows(who)
      ? "which is not reached from here"
      : policy.privateNetworksFor === "none"
        ? "which this server reaches for no one (PRIVATE_NETWORKS_FOR=none)"
        : policy.privateNetworksFor === "admins"
          ? "which this server reaches only for its administrators"
          : "which this server reaches only for signed-in readers");
  return new AppError(ErrorCode.AddressNotAllowed, { reason: `${host} is on a private network, ${why}` });
}

function hostOf(url: string): string {
  return URL.parse(url)?.host || "The address";
}

/**
 * Checks an address a reader hands the server before anything is done with it (saved, fetched):
 * throws the refusal of {@link refusalError} when the policy does not let `who` use it.
 */
export async function assertReachable(policy: Pick<NetworkPolicy, "privateNetworksFor" | "allows" | "check">, url: string, who: Voucher): Promise<void> {
  try {
    await policy.check(url, who);
  } catch (error) {
    if (isRefusal(error)) throw refusalError(error, { policy, who });
    throw error;
  }
}

/** Runs `work`; a refusal of the policy's clients inside it comes out as the one answer (16000). */
export async function answeringRefusals<T>(policy: Pick<NetworkPolicy, "privateNetworksFor" | "allows">, who: Voucher, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isRefusal(error)) throw refusalError(error, { policy, who });
    throw error;
  }
}
