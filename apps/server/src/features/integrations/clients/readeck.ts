import type { IntegrationSettingsOf } from "@tidings/contracts";
import { field, isSuccess, join, jsonOf, plainText, refused, text, type OutboundRequest, type SaveOutcome, type ServiceAnswer } from "../outbound.ts";
import { linkOf, type SaveItem } from "../save-item.ts";
import { multipartBody } from "./multipart.ts";
import type { IntegrationClient } from "./types.ts";

type Settings = IntegrationSettingsOf<"readeck">;

/** Bookmark Create: `POST /api/bookmarks`, url and title as form data, a Bearer token. */
export function readeckRequest(item: SaveItem, settings: Settings, boundary: string): OutboundRequest {
  return {
    url: join(settings.endpoint, "/api/bookmarks"),
    method: "POST",
    headers: { authorization: `Bearer ${settings.token}`, "content-type": `multipart/form-data; boundary=${boundary}`, accept: "application/json" },
    body: multipartBody({ url: linkOf(item), title: item.title }, boundary),
  };
}

/**
 * 202 Accepted: the bookmark is made in the background; `Location` names its API resource
 * (`/api/bookmarks/<id>`), whose page for people is `/bookmarks/<id>`.
 */
export function readeckAnswer(answer: ServiceAnswer, endpoint: string): SaveOutcome {
  if (isSuccess(answer)) {
    const location = answer.headers.location?.trim();
    const id = answer.headers["bookmark-id"]?.trim();
    if (location) {
      try {
        const url = new URL(location, `${endpoint.replace(/\/+$/, "")}/`);
        url.pathname = url.pathname.replace(/\/api\/bookmarks\//, "/bookmarks/");
        return { url: url.href };
      } catch {
        // an unreadable Location: fall back to the id
      }
    }
    return id ? { url: join(endpoint, `/bookmarks/${encodeURIComponent(id)}`) } : {};
  }
  const json = jsonOf(answer);
  throw refused("Readeck", text(json, "message") ?? validationErrors(json) ?? plainText(answer) ?? `HTTP ${answer.status}`, answer.status);
}

/** 422: `{is_valid: false, errors: [...], fields: {url: {errors: [...]}}}`. */
function validationErrors(json: unknown): string | undefined {
  const strings = (value: unknown) => (Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : []);
  const lines = strings(field(json, "errors"));
  const fields = field(json, "fields");
  if (typeof fields === "object" && fields !== null) {
    for (const name of Object.keys(fields)) {
      const errors = strings(field(field(fields, name), "errors"));
      if (errors.length) lines.push(`${name}: ${errors.join(" ")}`);
    }
  }
  return lines.length ? lines.join("; ") : undefined;
}

export const readeck: IntegrationClient<"readeck"> = {
  name: "Readeck",
  async save(item, settings, ctx) {
    return readeckAnswer(await ctx.send(readeckRequest(item, settings, ctx.boundary())), settings.endpoint);
  },
};
