import type { IntegrationSettingsOf, ServerIntegration } from "@tidings/contracts";
import type { SaveOutcome, Send } from "../outbound.ts";
import type { SaveItem } from "../save-item.ts";

/** Services whose address is fixed: replaced only by tests, which run them on 127.0.0.1. */
export interface FixedEndpoints {
  instapaper: string;
  zotero: string;
}

export const DEFAULT_ENDPOINTS: FixedEndpoints = { instapaper: "https://www.instapaper.com", zotero: "https://api.zotero.org" };

/** What a client needs besides the item and the reader's settings. */
export interface SaveContext {
  send: Send;
  endpoints: FixedEndpoints;
  now: () => Date;
  /** A fresh UUID (Omnivore's clientRequestId). */
  newId: () => string;
  /** A fresh multipart boundary. */
  boundary: () => string;
  /** The article as Markdown (Outline documents). */
  toMarkdown: (html: string, baseUrl: string | null) => Promise<string>;
}

/** One service: sends the requests its API documents, reads its answers. */
export interface IntegrationClient<S extends ServerIntegration> {
  /** The service's own name, for messages. */
  name: string;
  save(item: SaveItem, settings: IntegrationSettingsOf<S>, ctx: SaveContext): Promise<SaveOutcome>;
}
