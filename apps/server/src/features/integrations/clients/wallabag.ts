import type { IntegrationSettingsOf } from "@tidings/contracts";
import { field, isSuccess, join, jsonOf, plainText, postForm, postJson, refused, text, type OutboundRequest, type SaveOutcome, type ServiceAnswer } from "../outbound.ts";
import { linkOf, type SaveItem } from "../save-item.ts";
import type { IntegrationClient } from "./types.ts";

type Settings = IntegrationSettingsOf<"wallabag">;

/** OAuth2 password grant: `POST /oauth/v2/token` with the API client's id and secret and the account. */
export function wallabagTokenRequest(settings: Settings): OutboundRequest {
  return postForm(join(settings.endpoint, "/oauth/v2/token"), {
    grant_type: "password",
    client_id: settings.clientId,
    client_secret: settings.clientSecret,
    username: settings.username,
    password: settings.password,
  });
}

/** Wallabag's errors are OAuth2's: `{error, error_description}`. */
function failure(answer: ServiceAnswer) {
  const json = jsonOf(answer);
  return refused("Wallabag", text(json, "error_description") ?? text(json, "error") ?? text(json, "message") ?? plainText(answer) ?? `HTTP ${answer.status}`, answer.status);
}

export function wallabagTokenAnswer(answer: ServiceAnswer): string {
  const token = isSuccess(answer) ? text(jsonOf(answer), "access_token") : undefined;
  if (!token) throw failure(answer);
  return token;
}

/** `POST /api/entries.json` with the link, title and the article's HTML, as the access token's bearer. */
export function wallabagEntryRequest(item: SaveItem, settings: Settings, token: string): OutboundRequest {
  const body: Record<string, string> = { url: linkOf(item), title: item.title };
  if (item.html) body.content = item.html;
  return postJson(join(settings.endpoint, "/api/entries.json"), body, { authorization: `Bearer ${token}` });
}

/** The created (or existing) entry; its page is `/view/<id>`. */
export function wallabagEntryAnswer(answer: ServiceAnswer, endpoint: string): SaveOutcome {
  if (!isSuccess(answer)) throw failure(answer);
  const id = field(jsonOf(answer), "id");
  return typeof id === "number" || typeof id === "string" ? { url: join(endpoint, `/view/${id}`) } : {};
}

export const wallabag: IntegrationClient<"wallabag"> = {
  name: "Wallabag",
  async save(item, settings, ctx) {
    const token = wallabagTokenAnswer(await ctx.send(wallabagTokenRequest(settings)));
    return wallabagEntryAnswer(await ctx.send(wallabagEntryRequest(item, settings, token)), settings.endpoint);
  },
};
