import type { IntegrationSettingsOf } from "@tidings/contracts";
import { field, isSuccess, jsonOf, plainText, postJson, refused, text, type OutboundRequest, type SaveOutcome, type ServiceAnswer } from "../outbound.ts";
import { linkOf, type SaveItem } from "../save-item.ts";
import type { IntegrationClient } from "./types.ts";

type Settings = IntegrationSettingsOf<"cubox">;

/**
 * JSON to the reader's personal save URL: the link (`type: "url"`), or, with auto-memo on and
 * text selected, that text as a memo pointing back at the link.
 */
export function cuboxRequest(item: SaveItem, settings: Settings): OutboundRequest {
  const common = { title: item.title, description: item.description ?? "", tags: [] as string[], folder: "" };
  const body =
    settings.autoMemo && item.selectedText
      ? { type: "memo", content: item.selectedText, ...common, source_url: item.url ?? "" }
      : { type: "url", content: linkOf(item), ...common };
  return postJson(settings.apiUrl, body);
}

/** Cubox answers `{code: 200, message, data}`; another code is a refusal, whatever the HTTP status. */
export function cuboxAnswer(answer: ServiceAnswer): SaveOutcome {
  const json = jsonOf(answer);
  const code = field(json, "code");
  if (isSuccess(answer) && (code === undefined || code === 200 || code === "200")) return {};
  throw refused("Cubox", text(json, "message") ?? plainText(answer) ?? `HTTP ${answer.status}`, answer.status);
}

export const cubox: IntegrationClient<"cubox"> = {
  name: "Cubox",
  async save(item, settings, ctx) {
    return cuboxAnswer(await ctx.send(cuboxRequest(item, settings)));
  },
};
