import type { IntegrationSettingsOf } from "@tidings/contracts";
import { field, isSuccess, join, jsonOf, plainText, postForm, refused, type OutboundRequest, type SaveOutcome, type ServiceAnswer } from "../outbound.ts";
import { linkOf, type SaveItem } from "../save-item.ts";
import type { IntegrationClient } from "./types.ts";

type Settings = IntegrationSettingsOf<"instapaper">;

/** The Simple API's documented answers; its body holds only the status code. */
const STATUS_TEXT: Record<number, string> = {
  400: "Bad request or exceeded the rate limit",
  403: "Invalid username or password",
  500: "The service encountered an error. Please try again later.",
};

/** Simple API: `POST /api/add` with url, title and selection, HTTP Basic authentication. */
export function instapaperRequest(item: SaveItem, settings: Settings, base: string): OutboundRequest {
  const fields: Record<string, string> = { url: linkOf(item), title: item.title };
  if (item.description) fields.selection = item.description;
  const basic = Buffer.from(`${settings.username}:${settings.password}`, "utf8").toString("base64");
  return postForm(join(base, "/api/add"), fields, { authorization: `Basic ${basic}` });
}

/** 201 Created, with the bookmark's id when JSON is accepted: its reading page is the link. */
export function instapaperAnswer(answer: ServiceAnswer, base: string): SaveOutcome {
  if (isSuccess(answer)) {
    const id = field(jsonOf(answer), "bookmark_id");
    return typeof id === "number" || (typeof id === "string" && /^\d+$/.test(id)) ? { url: join(base, `/read/${id}`) } : {};
  }
  const body = plainText(answer);
  throw refused("Instapaper", STATUS_TEXT[answer.status] ?? (body && !/^\d+$/.test(body) ? body : `HTTP ${answer.status}`), answer.status);
}

export const instapaper: IntegrationClient<"instapaper"> = {
  name: "Instapaper",
  async save(item, settings, ctx) {
    return instapaperAnswer(await ctx.send(instapaperRequest(item, settings, ctx.endpoints.instapaper)), ctx.endpoints.instapaper);
  },
};
