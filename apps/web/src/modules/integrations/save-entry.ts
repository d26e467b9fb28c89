import { type Entry, ErrorCode, type IntegrationSaveResult, type TimelineItem } from "@tidings/contracts";
import i18next from "i18next";
import { toast } from "sonner";
import { api, ApiError } from "../../lib/api-client.ts";
import { useEntries } from "../../store/entries.store.ts";
import { useEntryView } from "../../store/entry-view.store.ts";
import { toastError } from "../toast/index.ts";
import { EagleError, saveToEagle } from "./eagle.ts";
import { storedSummary } from "./entry-summary.ts";
import { useIntegrationSettings } from "./integration.store.ts";
import { obsidianNote, obsidianWriter } from "./obsidian.ts";
import { markSaving } from "./saving.store.ts";
import { SERVICE_BY_ID, type IntegrationId } from "./services.ts";

const t = (key: string, options: Record<string, unknown> = {}) => i18next.t(`app:integrations.${key}`, options);
const SELECTION_MAX = 100_000;

/** The entry with its content: the stored one, or fetched when the list carried none. */
async function entryWithContent(entryId: string): Promise<Entry> {
  const known = useEntries.getState().byId[entryId]?.entry;
  if (known && known.content !== undefined) return known;
  return (await api<TimelineItem>("entries", { query: { id: entryId } })).entries;
}

/** The article as the reader shows it: the reader view's when it was fetched, else the content. */
function articleHtml(entry: Entry): string {
  return useEntryView.getState().readability[entry.id]?.content ?? entry.readabilityContent ?? entry.content ?? entry.description ?? "";
}

function toastSaved(name: string, url?: string): void {
  toast.success(t("saved", { name }), url ? { action: { label: t("view"), onClick: () => void window.open(url, "_blank", "noopener,noreferrer") } } : {});
}

/** A refusal shows the service's own words, an address the server does not reach why; other failures the usual error toast. */
function toastFailed(name: string, error: unknown): void {
  if (error instanceof ApiError && error.code === ErrorCode.IntegrationFailed) {
    toast.error(t("failed", { name }), { description: error.message, duration: 8000 });
  } else if (error instanceof ApiError && error.code === ErrorCode.AddressNotAllowed) {
    toast.error(t("failed", { name }), { description: error.reason ?? error.message, duration: 8000 });
  } else if (error instanceof EagleError) {
    toast.error(t("failed", { name }), { description: error.kind === "refused" ? error.message : t(`eagle_${error.kind.replace("-", "_")}`) });
  } else {
    toastError(error);
  }
}

/** Sends through the server, which calls the service (browsers cannot: CORS). */
async function saveThroughServer(id: IntegrationId, entryId: string): Promise<IntegrationSaveResult | null> {
  const service = SERVICE_BY_ID[id];
  const settings = useIntegrationSettings.getState();
  const payload = service.server?.(settings);
  if (!payload) {
    toast.error(t("not_configured", { name: service.name }));
    return null;
  }
  const summary = settings.saveSummaryAsDescription ? storedSummary(entryId) : null;
  const selectedText = window.getSelection()?.toString().trim().slice(0, SELECTION_MAX);
  const options = {
    ...(service.allowPrivate && settings[service.allowPrivate] ? { allowPrivate: true } : {}),
    ...(summary ? { summary } : {}),
    ...(selectedText ? { selectedText } : {}),
  };
  return api<IntegrationSaveResult>(`integrations/${id}/save`, { method: "POST", json: { entryId, settings: payload, options } });
}

/**
 * Saves an entry to a service and tells the reader with a toast: saved (with a "View" link when
 * the service gave one), or failed with the service's message.
 */
export async function saveEntryTo(id: IntegrationId, entryId: string): Promise<void> {
  const service = SERVICE_BY_ID[id];
  markSaving(entryId, id, true);
  try {
    if (service.server) {
      const result = await saveThroughServer(id, entryId);
      if (result) toastSaved(service.name, result.url);
    } else if (id === "eagle") {
      const entry = await entryWithContent(entryId);
      await saveToEagle(entry, articleHtml(entry));
      toastSaved(service.name);
    } else {
      const entry = await entryWithContent(entryId);
      const note = obsidianNote(entry, articleHtml(entry));
      await obsidianWriter().write(note, useIntegrationSettings.getState().obsidianVaultPath);
      toast.success(t("saved_file", { name: service.name, file: note.fileName }));
    }
  } catch (error) {
    toastFailed(service.name, error);
  } finally {
    markSaving(entryId, id, false);
  }
}
