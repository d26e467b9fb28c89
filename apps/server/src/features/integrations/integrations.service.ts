import {
  ErrorCode,
  INTEGRATION_SETTINGS_MAX_BYTES,
  type IntegrationSaveBody,
  type IntegrationSaveResult,
  type IntegrationSettingsSnapshot,
  integrationSettingsSchemas,
  isServerIntegration,
  SERVER_INTEGRATIONS,
  type ServerIntegration,
  type TimelineItem,
} from "@tidings/contracts";
import { AppError } from "../../errors.ts";
import type { RequestUser } from "../../http/context.ts";
import type { Clock } from "../../lib/clock.ts";
import { FetchError, type HttpClient } from "../../lib/http/index.ts";
import type { Logger } from "../../lib/logger.ts";
import type { HourlyLimit } from "../../lib/rate-limit.ts";
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
  /** The server's guarded client: public addresses only (unless the whole instance allows private ones). */
  http: HttpClient;
  /** Whether the instance lets readers allow private addresses for their self-hosted services. */
  lanAllowed: boolean;
  /** The client for a reader's self-hosted service on a private address (made on first use). */
  lanHttp: () => HttpClient;
  /** Saves per reader and hour. */
  limit: HourlyLimit;
  context: Omit<SaveContext, "send">;
}

/**
 * "Save to …" on the reader's behalf, for the services browsers cannot call (CORS), and the
 * encrypted copy of the integration settings of readers who sync them.
 */
export function createIntegrationsService(deps: IntegrationsServiceDeps) {
  const { repo, box } = deps;

  /** Sends through `http`; a transport failure becomes the AppError the reader sees. */
  function sender(http: HttpClient, name: string, service: ServerIntegration, onLan: boolean): Send {
    return async (request) => {
      try {
        const response = await http.request({ ...request, maxBytes: ANSWER_MAX_BYTES });
        return { status: response.status, headers: response.headers, body: response.body.toString("utf8") };
      } catch (error) {
        if (error instanceof FetchError) throw transportError(name, service, error, { lanAllowed: deps.lanAllowed, onLan });
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
      if (!deps.limit.take(user.id)) throw new AppError(ErrorCode.IntegrationRateLimited);
      const item = toSaveItem(await deps.entry(user, body.entryId), { summary: body.options?.summary, selectedText: body.options?.selectedText });
      const client = CLIENTS[service] as IntegrationClient<typeof service>;
      const lan = deps.lanAllowed && body.options?.allowPrivate === true && SELF_HOSTABLE.has(service) ? deps.lanHttp() : null;
      const send = sender(lan ?? deps.http, client.name, service, lan !== null);
      const outcome = await client.save(item, parsed.data as never, { ...deps.context, send });
      return { ok: true, ...outcome };
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
function transportError(name: string, service: ServerIntegration, error: FetchError, lan: { lanAllowed: boolean; onLan: boolean }): AppError {
  if (error.kind === "private-address") {
    const hint = !SELF_HOSTABLE.has(service)
      ? `${name} must be on a public address`
      : !lan.lanAllowed
        ? `${name} is on a private network address, which this server does not allow`
        : lan.onLan
          ? `${name} is on an address that is never reached (link-local, multicast or reserved)`
          : `${name} is on a private network address: allow private network addresses for it in Settings → Integration`;
    return new AppError(ErrorCode.IntegrationPrivateAddress, { message: hint, reason: error.message });
  }
  if (error.kind === "timeout" || error.kind === "connect-timeout") {
    return new AppError(ErrorCode.IntegrationFailed, { message: `${name} did not answer in time`, reason: error.message });
  }
  return new AppError(ErrorCode.IntegrationFailed, { message: `${name} could not be reached`, reason: error.message });
}

