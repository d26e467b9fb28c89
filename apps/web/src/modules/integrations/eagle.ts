import type { EagleItem, Entry } from "@tidings/contracts";

/** Eagle's local API: the desktop app listens here while it runs. */
export const EAGLE_API = "http://localhost:41595";

/** A request as `fetch` takes it. */
export interface EagleRequest {
  url: string;
  init: { method: "POST"; headers: Record<string, string>; body: string };
}

/** The entry's pictures: its photo media, then the images of its content, each once. */
export function eagleImages(entry: Pick<Entry, "media" | "url">, html: string | null | undefined): string[] {
  const urls = (entry.media ?? []).filter((media) => media.type === "photo").map((media) => media.url);
  if (html) {
    const document = new DOMParser().parseFromString(html, "text/html");
    for (const image of document.querySelectorAll("img[src]")) {
      try {
        urls.push(new URL(image.getAttribute("src")!, entry.url ?? undefined).href);
      } catch {
        // a relative src without a base: not an address Eagle can fetch
      }
    }
  }
  return [...new Set(urls.filter((url) => /^https?:/i.test(url)))];
}

/** Eagle's items: each picture with a name (the entry's title) and the entry's page as its website and Referer. */
export function eagleItems(entry: Pick<Entry, "title" | "url">, images: string[]): EagleItem[] {
  const title = entry.title?.trim() || entry.url || "Image";
  return images.map((url, index) => ({
    url,
    name: images.length > 1 ? `${title} (${index + 1})` : title,
    ...(entry.url ? { website: entry.url, headers: { referer: entry.url } } : {}),
  }));
}

/**
 * `POST /api/item/addFromURLs` with every picture: its URL, a name (the entry's title), the
 * entry's page as its website, and that page as the Referer Eagle sends when it downloads.
 */
export function eagleRequest(entry: Pick<Entry, "title" | "url">, images: string[]): EagleRequest {
  const items = eagleItems(entry, images);
  return { url: `${EAGLE_API}/api/item/addFromURLs`, init: { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ items }) } };
}

/** Why a save to Eagle failed, for the toast. */
export class EagleError extends Error {
  readonly kind: "not-running" | "no-images" | "refused";
  constructor(kind: "not-running" | "no-images" | "refused", message: string = kind) {
    super(message);
    this.name = "EagleError";
    this.kind = kind;
  }
}

/** How the items reach Eagle when not by the page's own requests: the desktop shell posts them. */
export type EagleTransport = (items: EagleItem[]) => Promise<void>;

let transport: EagleTransport | null = null;

/** The desktop shell carries Eagle's requests (a page may not reach localhost across origins). */
export function setEagleTransport(next: EagleTransport): void {
  transport = next;
}

/**
 * Sends the entry's pictures to Eagle on this computer: checks that Eagle answers
 * (`/api/application/info`), then adds them; through the desktop shell when it runs in one.
 */
export async function saveToEagle(entry: Pick<Entry, "title" | "url" | "media">, html: string | null | undefined, fetcher: typeof fetch = fetch): Promise<void> {
  const images = eagleImages(entry, html);
  if (images.length === 0) throw new EagleError("no-images");
  if (transport) return transport(eagleItems(entry, images));
  try {
    const alive = await fetcher(`${EAGLE_API}/api/application/info`);
    if (!alive.ok) throw new Error(String(alive.status));
  } catch {
    throw new EagleError("not-running");
  }
  const { url, init } = eagleRequest(entry, images);
  const response = await fetcher(url, init);
  const body = (await response.json().catch(() => null)) as { status?: string; message?: string; data?: unknown } | null;
  if (!response.ok || body?.status !== "success") throw new EagleError("refused", body?.message ?? (typeof body?.data === "string" ? body.data : `HTTP ${response.status}`));
}
