import type { IntegrationSettingsOf } from "@tidings/contracts";
import { field, isSuccess, join, jsonOf, plainText, postJson, refused, text, type OutboundRequest, type SaveOutcome, type ServiceAnswer } from "../outbound.ts";
import type { SaveItem } from "../save-item.ts";
import type { IntegrationClient } from "./types.ts";

type Settings = IntegrationSettingsOf<"outline">;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Outline refuses longer document titles. */
const TITLE_MAX = 100;

const auth = (settings: Settings) => ({ authorization: `Bearer ${settings.token}` });

/** `collections.info`: resolves a collection given by its URL id (slug) rather than its UUID. */
export function outlineCollectionRequest(settings: Settings): OutboundRequest {
  return postJson(join(settings.endpoint, "/collections.info"), { id: settings.collection }, auth(settings));
}

/** `documents.create`, published at once, its text in Markdown. */
export function outlineDocumentRequest(settings: Settings, collectionId: string, title: string, markdown: string): OutboundRequest {
  return postJson(join(settings.endpoint, "/documents.create"), { title: title.slice(0, TITLE_MAX), text: markdown, collectionId, publish: true }, auth(settings));
}

/** Outline answers `{ok, data}` or `{ok: false, error, message}`. */
function data(answer: ServiceAnswer): unknown {
  const json = jsonOf(answer);
  if (isSuccess(answer) && field(json, "ok") !== false) return field(json, "data");
  throw refused("Outline", text(json, "message") ?? text(json, "error") ?? plainText(answer) ?? `HTTP ${answer.status}`, answer.status);
}

export function outlineCollectionAnswer(answer: ServiceAnswer): string {
  const id = text(data(answer), "id");
  if (!id) throw refused("Outline", "The collection has no id", answer.status);
  return id;
}

/** The document's `url` is a path on the Outline host: the link resolves it there. */
export function outlineDocumentAnswer(answer: ServiceAnswer, endpoint: string): SaveOutcome {
  const path = text(data(answer), "url");
  return path ? { url: new URL(path, endpoint).href } : {};
}

/** The document's text: a link to the original, then the article. */
export function outlineMarkdown(item: SaveItem, article: string): string {
  const source = item.url ? `[${(item.siteName ?? item.url).replace(/[[\]]/g, "\\$&")}](${item.url})` : "";
  return [source, article || item.description || ""].filter(Boolean).join("\n\n");
}

export const outline: IntegrationClient<"outline"> = {
  name: "Outline",
  async save(item, settings, ctx) {
    const collectionId = UUID.test(settings.collection) ? settings.collection : outlineCollectionAnswer(await ctx.send(outlineCollectionRequest(settings)));
    const markdown = outlineMarkdown(item, await ctx.toMarkdown(item.html, item.url));
    return outlineDocumentAnswer(await ctx.send(outlineDocumentRequest(settings, collectionId, item.title, markdown)), settings.endpoint);
  },
};
