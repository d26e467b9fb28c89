import type { IntegrationSettingsOf } from "@tidings/contracts";
import { field, isSuccess, join, jsonOf, plainText, postJson, refused, text, type OutboundRequest, type SaveOutcome, type ServiceAnswer } from "../outbound.ts";
import { linkOf, type SaveItem } from "../save-item.ts";
import type { IntegrationClient } from "./types.ts";

type Settings = IntegrationSettingsOf<"zotero">;

/** What Zotero's documented write statuses mean, said for people. */
const STATUS_TEXT: Record<number, string> = {
  400: "Zotero could not read the item",
  403: "The API key is not valid or may not write to this library",
  404: "No such Zotero user",
  409: "The Zotero library is locked",
  412: "The Zotero library changed in the meantime",
  413: "Too many items, or the Zotero storage quota is used up",
  429: "Too many requests to Zotero; try again later",
};

/** An ISO date without milliseconds, as Zotero's accessDate takes it. */
const isoSeconds = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, "Z");

/** Web API v3: `POST /users/<id>/items`, a JSON array with one `webpage` item. */
export function zoteroRequest(item: SaveItem, settings: Settings, base: string, now: Date): OutboundRequest {
  const webpage = {
    itemType: "webpage",
    title: item.title,
    // One field, as Zotero takes names it cannot split into first and last.
    creators: item.author ? [{ creatorType: "author", name: item.author }] : [],
    abstractNote: item.description ?? "",
    websiteTitle: item.siteName ?? "",
    date: item.publishedAt,
    url: linkOf(item),
    accessDate: isoSeconds(now),
    language: item.language ?? "",
    tags: [],
    collections: [],
    relations: {},
  };
  return postJson(join(base, `/users/${settings.userId}/items`), [webpage], { "zotero-api-key": settings.token, "zotero-api-version": "3" });
}

/**
 * 200 with `successful` / `failed` maps keyed by the item's index: a failed item carries Zotero's
 * own message; a saved one links to its page. Other statuses are Zotero's documented errors.
 */
export function zoteroAnswer(answer: ServiceAnswer): SaveOutcome {
  const json = jsonOf(answer);
  if (isSuccess(answer)) {
    const failed = field(field(json, "failed"), "0");
    if (failed !== undefined) throw refused("Zotero", text(failed, "message") ?? "The item was not saved", Number(field(failed, "code")) || answer.status);
    const saved = field(field(json, "successful"), "0");
    const page = text(field(field(saved, "links"), "alternate"), "href");
    return page ? { url: page } : {};
  }
  const body = plainText(answer);
  const known = STATUS_TEXT[answer.status];
  throw refused("Zotero", known ? (body && body !== known ? `${known}: ${body}` : known) : (body ?? `HTTP ${answer.status}`), answer.status);
}

export const zotero: IntegrationClient<"zotero"> = {
  name: "Zotero",
  async save(item, settings, ctx) {
    return zoteroAnswer(await ctx.send(zoteroRequest(item, settings, ctx.endpoints.zotero, ctx.now())));
  },
};
