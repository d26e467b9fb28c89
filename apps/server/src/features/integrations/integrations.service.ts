import {
  ErrorCode,
  INTEGRATION_SETTINGS_MAX_BYTES,
  type IntegrationSaveBody,
  type IntegrationSaveResult,
  type IntegrationSettingsSnapshot,
  integrationSettingsSchemas,
  isServerIntegration,
  SERVER_INTEGRATIONS,
  type TimelineItem,
} from "@tidings/contracts";
import { AppError } from "../../errors.ts";
import type { RequestUser } from "../../http/context.ts";
import type { Clock } from "../../lib/clock.ts";
import { FetchError, type HttpClient, type NetworkPolicy, refusalError } from "../../lib/http/index.ts";
import type { Logger } from "../../lib/logger.ts";
import type { Limit } from "../../lib/rate-limit.ts";
import type { SealedBox } from "../../lib/sealed-box.ts";
import { CLIENTS, type SaveContext, SELF_HOSTABLE } from "./clients/index.ts";
import type { IntegrationClient } from "./clients/types.ts";
import type { IntegrationsRepo } from "./integrations.repo.ts";
import type { Send } from "./outbound.ts";
import { toSaveItem } from "./save-item.ts";

/** Largest answer read from a service: save answers are small. */
const ANSWER_MAX_BYTES = 1024 * 1024;

export interface IntegrationsServiceDeps {
  repo: IntegrationsRepo;
  /** Seals synced settings under the server secret. */
  box: SealedBox;
  clock: Clock;
  logger: Logger;
  /** The entry as the reader sees it; 3000 when they may not see it. */
  entry: (user: RequestUser, entryId: string) => Promise<TimelineItem>;
  /**
   * The private-network policy: a self-hosted service (Readeck, Outline, Wallabag, Omnivore) may
   * be on a private network when the reader turned its LAN switch on and the policy lets them.
   */
  network: Pick<NetworkPolicy, "publicHttp" | "privateHttp" | "allows" | "privateNetworksFor">;
  /** Saves per reader and hour. */
  limit: Limit;
  context: Omit<SaveContext, "send">;
}

/**
 * "Save to …" on the reader's behalf, for the services browsers cannot call (CORS), and the
 * encrypted copy of the integration settings of readers who sync them.
 */
export function createIntegrationsService(deps: IntegrationsServiceDeps) {
  const { repo, box } = deps;

  /**
   * Sends through `http`; a transport failure becomes the AppError the reader sees. `answers`
   * keeps the status of each answer that came from a private network: what such a service says
   * goes no further than that (see `save`).
   */
  function sender(http: HttpClient, refused: (error: FetchError) => AppError, name: string, answers: { privateStatus: number | null }): Send {
    return async (request) => {
      try {
        const response = await http.request({ ...request, maxBytes: ANSWER_MAX_BYTES });
        if (response.privateNetwork) answers.privateStatus = response.status;
        return { status: response.status, headers: response.headers, body: response.body.toString("utf8") };
      } catch (error) {
        if (error instanceof FetchError) throw transportError(name, error, refused);
        throw error;
      }
    };
  }

  return {
    /** POST /integrations/:service/save: sends the entry to the service with the reader's settings. */
    async save(user: RequestUser, service: string, body: IntegrationSaveBody): Promise<IntegrationSaveResult> {
      if (!isServerIntegration(service)) {
        throw new AppError(ErrorCode.InvalidParameter, { reason: `Unknown integration "${service}"; one of ${SERVER_INTEGRATIONS.join(", ")}` });
      }
      const parsed = integrationSettingsSchemas[service].safeParse(body.settings);
      if (!parsed.success) {
        throw new AppError(ErrorCode.InvalidParameter, {
          reason: parsed.error.issues.map((issue) => `settings.${issue.path.join(".")}: ${issue.message}`).join("; "),
        });
      }
      const wait = await deps.limit(user.id);
      if (wait > 0) throw new AppError(ErrorCode.IntegrationRateLimited, { reason: `Try again in ${wait} s`, retryAfterSeconds: wait });
      const item = toSaveItem(await deps.entry(user, body.entryId), { summary: body.options?.summary, selectedText: body.options?.selectedText });
      const client = CLIENTS[service] as IntegrationClient<typeof service>;
      const { network } = deps;
      const selfHosted = SELF_HOSTABLE.has(service);
      const lan = selfHosted && body.options?.allowPrivate === true && network.allows(user);
      const hint = !selfHosted
        ? `which is not reached for ${client.name}: it is never self-hosted`
        : network.allows(user) && !lan
          ? `which is reached only when you allow private network addresses for ${client.name} in Settings → Integration`
          : undefined;
      const refused = (error: FetchError) => refusalError(error, { policy: network, who: user, ...(hint ? { hint } : {}) });
      const answers = { privateStatus: null as number | null };
      const send = sender(lan ? network.privateHttp : network.publicHttp, refused, client.name, answers);
      try {
        const outcome = await client.save(item, parsed.data as never, { ...deps.context, send });
        return { ok: true, ...outcome };
      } catch (error) {
        // A service on a private network: its status only, in our words (never its own text).
        if (answers.privateStatus !== null && error instanceof AppError && error.code === ErrorCode.IntegrationFailed) {
          throw new AppError(ErrorCode.IntegrationFailed, { message: `${client.name} refused the save`, reason: `${client.name} answered HTTP ${answers.privateStatus}` });
        }
        throw error;
      }
    },

    /** GET /integrations/settings: the synced settings, opened; null when there are none (or they cannot be opened). */
    async settings(user: RequestUser): Promise<IntegrationSettingsSnapshot> {
      const row = await repo.find(user.id);
      if (!row) return { settings: null, updatedAt: null };
      const opened = openSettings(box, row.sealed, user.id);
      if (!opened) {
        // Sealed under another server secret, or altered: as good as none.
        deps.logger.warn({ userId: user.id }, "synced integration settings could not be opened");
        return { settings: null, updatedAt: null };
      }
      return { settings: opened, updatedAt: row.updatedAt.toISOString() };
    },

    /** PUT /integrations/settings: replaces the synced copy, sealed. */
    async saveSettings(user: RequestUser, settings: Record<string, unknown>): Promise<{ updatedAt: string }> {
      // The owner's id goes inside the seal: a blob copied to another reader's row does not open.
      const plain = JSON.stringify({ userId: user.id, settings });
      if (Buffer.byteLength(plain, "utf8") > INTEGRATION_SETTINGS_MAX_BYTES) throw new AppError(ErrorCode.SettingPayloadTooLarge);
      const now = deps.clock.now();
      await repo.save(user.id, box.seal(plain), now);
      return { updatedAt: now.toISOString() };
    },

    /** DELETE /integrations/settings: the reader stopped syncing; the copy goes. */
    async removeSettings(user: RequestUser): Promise<void> {
      await repo.remove(user.id);
    },
  };
}

export type IntegrationsService = ReturnType<typeof createIntegrationsService>;

function openSettings(box: SealedBox, sealed: string, userId: string): Record<string, unknown> | null {
  const plain = box.open(sealed);
  if (plain === null) return null;
  try {
    const value = JSON.parse(plain) as { userId?: unknown; settings?: unknown };
    if (value.userId !== userId || typeof value.settings !== "object" || value.settings === null) return null;
    return value.settings as Record<string, unknown>;
  } catch {
    return null;
  }
}

/** A failed connection, said for the reader; the transport's words go in the reason. */
function transportError(name: string, error: FetchError, refused: (error: FetchError) => AppError): AppError {
  if (error.kind === "private-address") return refused(error);
  if (error.kind === "timeout" || error.kind === "connect-timeout") {
    return new AppError(ErrorCode.IntegrationFailed, { message: `${name} did not answer in time`, reason: error.message });
  }
  return new AppError(ErrorCode.IntegrationFailed, { message: `${name} could not be reached`, reason: error.message });
}
