import { type IntegrationSettingsOf, PRODUCT, READWISE_DEFAULT_ENDPOINT } from "@tidings/contracts";
import { field, isSuccess, join, jsonOf, plainText, postJson, refused, text, type OutboundRequest, type SaveOutcome, type ServiceAnswer } from "../outbound.ts";
import { linkOf, type SaveItem } from "../save-item.ts";
import type { IntegrationClient } from "./types.ts";

type Settings = IntegrationSettingsOf<"readwise">;

/** Reader API v3 save: `POST /api/v3/save/`, `Authorization: Token …`, the document as JSON. */
export function readwiseRequest(item: SaveItem, settings: Settings): OutboundRequest {
  const body: Record<string, string> = { url: linkOf(item), title: item.title, saved_using: PRODUCT.name };
  if (item.html) body.html = item.html;
  if (item.author) body.author = item.author;
  if (item.description) body.summary = item.description;
  if (item.publishedAt) body.published_date = item.publishedAt;
  if (item.imageUrl) body.image_url = item.imageUrl;
  return postJson(join(settings.endpoint ?? READWISE_DEFAULT_ENDPOINT, "/api/v3/save/"), body, { authorization: `Token ${settings.token}` });
}

/** 201 (new) or 200 (saved before) with the document's `url`; errors carry `detail` or per-field lists. */
export function readwiseAnswer(answer: ServiceAnswer): SaveOutcome {
  const json = jsonOf(answer);
  if (isSuccess(answer)) {
    const url = text(json, "url");
    return url ? { url } : {};
  }
  throw refused("Readwise", text(json, "detail") ?? fieldErrors(json) ?? plainText(answer) ?? `HTTP ${answer.status}`, answer.status);
}

/** Django REST framework's validation answer: `{"url": ["Enter a valid URL."]}`. */
function fieldErrors(json: unknown): string | undefined {
  if (typeof json !== "object" || json === null || Array.isArray(json)) return undefined;
  const lines = Object.keys(json).flatMap((key) => {
    const value = field(json, key);
    const messages = Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : typeof value === "string" ? [value] : [];
    return messages.length ? [`${key}: ${messages.join(" ")}`] : [];
  });
  return lines.length ? lines.join("; ") : undefined;
}

export const readwise: IntegrationClient<"readwise"> = {
  name: "Readwise",
  async save(item, settings, ctx) {
    return readwiseAnswer(await ctx.send(readwiseRequest(item, settings)));
  },
};
