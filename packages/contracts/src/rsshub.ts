// RSSHub instances (spec §1, §2 `/rsshub`, §8 codes 13000–13007; reference facts §2.13): the
// instances readers add and choose for their `rsshub://` feeds, as the API takes and shows them.
import { z } from "zod";
import type { PublicUser } from "./api/models.ts";
import { isValidId } from "./ids.ts";

/** What the last health check of an instance found. */
export type RsshubInstanceStatus = "ok" | "unavailable" | "invalid";

/** The most months a reader can take a paid instance for at once. */
export const RSSHUB_MAX_MONTHS = 12;

const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value);
    return ["http:", "https:"].includes(url.protocol) && !url.username && !url.password && !url.search && !url.hash;
  } catch {
    return false;
  }
};

/**
 * `POST /rsshub`: adds an instance (no `id`) or updates the caller's own (`id`). An empty or
 * absent `accessKey` on update keeps the stored key; `null` removes it.
 */
export const rsshubInstanceInput = z.object({
  id: z.string().refine(isValidId, "must be an instance id").optional(),
  baseUrl: z
    .string()
    .trim()
    .min(1, "is required")
    .max(500)
    .refine(isHttpUrl, "must be an http(s) address without credentials, query or fragment, such as https://rsshub.example.com"),
  accessKey: z.string().trim().max(500).nullable().optional(),
  description: z.string().trim().max(500).optional(),
  /** Monthly price in POWER for other readers; 0 is free. */
  price: z.number().int().min(0).max(1_000_000).optional(),
  /** Readers who may use it, the owner included: 0 or 1 keeps it private, null has no limit. */
  userLimit: z.number().int().min(0).max(1_000_000).nullable().optional(),
});
export type RsshubInstanceInput = z.infer<typeof rsshubInstanceInput>;

/** `POST /rsshub/use`: the instance to use (null: back to the server's default). */
export const rsshubUseInput = z.object({
  id: z.string().refine(isValidId, "must be an instance id").nullable(),
  durationInMonths: z.number().int().min(1).max(RSSHUB_MAX_MONTHS).optional(),
  TOTPCode: z.string().trim().max(20).optional(),
});
export type RsshubUseInput = z.infer<typeof rsshubUseInput>;

/** An instance in `GET /rsshub/list` and the other answers. */
export interface RsshubInstance {
  id: string;
  description: string;
  ownerUserId: string;
  owner: PublicUser | null;
  /** Monthly price in POWER; 0 is free. */
  price: number;
  /** Readers who may use it, the owner included: 0 or 1 is private, null has no limit. */
  userLimit: number | null;
  /** Readers using it now. */
  userCount: number;
  status: RsshubInstanceStatus;
  errorMessage: string | null;
  checkedAt: string | null;
  createdAt: string;
  /** The caller's own instance. */
  isOwner: boolean;
  /** The caller uses it. */
  inUse: boolean;
  /** The owner only. */
  baseUrl?: string;
  /** The owner only; null when the instance has none. */
  accessKey?: string | null;
}

/** A paid period of an instance (through the POWER ledger). */
export interface RsshubPurchase {
  hash: string;
  expiresAt: string;
}

/** `GET /rsshub/status`: the caller's choice and the server's default. */
export interface RsshubStatus {
  purchase: RsshubPurchase | null;
  usage: { id: string; userId: string; rsshubId: string; expiresAt: string | null } | null;
  /** The instance the caller chose, when there is one. */
  instance: RsshubInstance | null;
  /** The server's own instance (`RSSHUB_URL`), used by readers who chose none and as the fallback. */
  default: { baseUrl: string; status: RsshubInstanceStatus; errorMessage: string | null; checkedAt: string | null };
  /** Where the caller's route catalogue (`GET /discover/rsshub`) comes from now. */
  catalogue: { source: "instance" | "default" | "bundled"; fetchedAt: string | null };
}
