import { type IntegrationSettingsOf, PRODUCT } from "@tidings/contracts";
import { field, isSuccess, jsonOf, plainText, postJson, refused, text, type OutboundRequest, type SaveOutcome, type ServiceAnswer } from "../outbound.ts";
import { linkOf, type SaveItem } from "../save-item.ts";
import type { IntegrationClient } from "./types.ts";

type Settings = IntegrationSettingsOf<"omnivore">;

/** Omnivore's GraphQL `saveUrl` mutation, asking for either of its result types. */
export const SAVE_URL_MUTATION =
  "mutation SaveUrl($input: SaveUrlInput!) { saveUrl(input: $input) { ... on SaveSuccess { url clientRequestId } ... on SaveError { errorCodes message } } }";

/** GraphQL POST to the reader's endpoint, the API key as the whole Authorization header. */
export function omnivoreRequest(item: SaveItem, settings: Settings, clientRequestId: string): OutboundRequest {
  const input = { url: linkOf(item), source: PRODUCT.name, clientRequestId, publishedAt: item.publishedAt };
  return postJson(settings.endpoint, { query: SAVE_URL_MUTATION, variables: { input } }, { authorization: settings.apiKey });
}

/** `data.saveUrl` is a SaveSuccess (`url`) or a SaveError (`errorCodes`, `message`); `errors` are GraphQL failures. */
export function omnivoreAnswer(answer: ServiceAnswer): SaveOutcome {
  const json = jsonOf(answer);
  const errors = field(json, "errors");
  if (Array.isArray(errors) && errors.length > 0) {
    throw refused("Omnivore", errors.map((error) => text(error, "message")).filter(Boolean).join("; ") || "GraphQL error", answer.status);
  }
  if (!isSuccess(answer)) throw refused("Omnivore", text(json, "message") ?? plainText(answer) ?? `HTTP ${answer.status}`, answer.status);
  const result = field(field(json, "data"), "saveUrl");
  const codes = field(result, "errorCodes");
  if (Array.isArray(codes) && codes.length > 0) throw refused("Omnivore", text(result, "message") ?? codes.join(", "), answer.status);
  const url = text(result, "url");
  if (result === undefined) throw refused("Omnivore", "The answer had no saveUrl result", answer.status);
  return url ? { url } : {};
}

export const omnivore: IntegrationClient<"omnivore"> = {
  name: "Omnivore",
  async save(item, settings, ctx) {
    return omnivoreAnswer(await ctx.send(omnivoreRequest(item, settings, ctx.newId())));
  },
};
