// "Save to …" integrations (spec §3 Settings → Integration, reference §6): the services the
// server saves an entry to on the reader's behalf, the settings each needs, and the save route's
// body and answer. Eagle and Obsidian run on the reader's machine and are not listed here.
import { z } from "zod";
import type { StatusConfigs } from "./api/models.ts";
import { isValidId } from "./ids.ts";

/** Services saved to through `POST /integrations/:service/save`. */
export const SERVER_INTEGRATIONS = ["readwise", "instapaper", "omnivore", "outline", "readeck", "cubox", "zotero", "wallabag"] as const;

/** One service of {@link SERVER_INTEGRATIONS}. */
export type ServerIntegration = (typeof SERVER_INTEGRATIONS)[number];

/** True when `name` is a service the server saves to. */
export function isServerIntegration(name: string): name is ServerIntegration {
  return (SERVER_INTEGRATIONS as readonly string[]).includes(name);
}

/** Readwise Reader's API host; a compatible server may stand in for it. */
export const READWISE_DEFAULT_ENDPOINT = "https://readwise.io";
/** Omnivore's hosted GraphQL endpoint (the service closed in 2024; self-hosted ones remain). */
export const OMNIVORE_DEFAULT_ENDPOINT = "https://api-prod.omnivore.app/api/graphql";

const isHttpUrl = (value: string) => {
  try {
    return ["http:", "https:"].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};
const httpUrl = z.string().trim().max(2000).refine(isHttpUrl, "must be an http(s) URL");
const secret = z.string().trim().min(1, "is required").max(2000);
const name = z.string().trim().min(1, "is required").max(500);

/**
 * The settings each service needs, as the save route takes them (Settings → Integration keeps
 * them under its own key names on the device).
 */
export const integrationSettingsSchemas = {
  readwise: z.object({ token: secret, endpoint: httpUrl.optional() }),
  // Instapaper accounts may have no password.
  instapaper: z.object({ username: name, password: z.string().max(500) }),
  omnivore: z.object({ endpoint: httpUrl, apiKey: secret }),
  outline: z.object({ endpoint: httpUrl, token: secret, collection: name }),
  readeck: z.object({ endpoint: httpUrl, token: secret }),
  /** `apiUrl`: the personal save URL Cubox shows under its API extension. */
  cubox: z.object({ apiUrl: httpUrl, autoMemo: z.boolean().optional() }),
  zotero: z.object({ userId: z.string().trim().regex(/^\d{1,20}$/, "must be the numeric user ID"), token: secret }),
  wallabag: z.object({ endpoint: httpUrl, clientId: secret, clientSecret: secret, username: name, password: z.string().min(1, "is required").max(500) }),
} as const satisfies Record<ServerIntegration, z.ZodType>;

/** The settings of one service. */
export type IntegrationSettingsOf<S extends ServerIntegration> = z.infer<(typeof integrationSettingsSchemas)[S]>;

/** The body of `POST /integrations/:service/save`. `settings` is checked against the service's schema. */
export const integrationSaveBodySchema = z.object({
  entryId: z.string().refine(isValidId, "must be an entry id"),
  settings: z.record(z.string(), z.unknown()),
  options: z
    .object({
      /** The reader allowed this service on a private (LAN) address. */
      allowPrivate: z.boolean().optional(),
      /** Text selected in the reader (Cubox saves it as a memo when its auto-memo is on). */
      selectedText: z.string().max(100_000).optional(),
      /** The entry's AI summary, sent as its description (`saveSummaryAsDescription`). */
      summary: z.string().max(20_000).optional(),
    })
    .optional(),
});

export type IntegrationSaveBody = z.infer<typeof integrationSaveBodySchema>;

/** What a successful save answers: a link to the saved item when the service gives one. */
export interface IntegrationSaveResult {
  ok: true;
  url?: string;
  message?: string;
}

/**
 * `GET /integrations/settings`: the reader's synced integration settings (stored encrypted on the
 * server), or null when they chose not to sync them.
 */
export interface IntegrationSettingsSnapshot {
  settings: Record<string, unknown> | null;
  updatedAt: string | null;
}

/** Largest synced settings blob, as JSON text. */
export const INTEGRATION_SETTINGS_MAX_BYTES = 64 * 1024;

/**
 * Whether a reader may point their self-hosted services (integrations, RSSHub instances, an AI
 * provider, webhooks) at the server's own networks, under the instance's private-network policy.
 */
export function mayUsePrivateNetworks(policy: StatusConfigs["PRIVATE_NETWORKS_FOR"], user: { isAdmin?: boolean } | null | undefined): boolean {
  if (!user) return false;
  if (policy === "everyone") return true;
  return (policy ?? "admins") === "admins" && user.isAdmin === true;
}
