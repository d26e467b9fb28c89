import type { EagleItem } from "@tidings/contracts";
import { DesktopCallError } from "@tidings/contracts";
import type { DesktopHost } from "./host.ts";

/** Eagle's local API: the Eagle app listens here while it runs (reference §6). Fixed: a page cannot point it elsewhere. */
export const EAGLE_API = "http://localhost:41595";

const isWebAddress = (value: string | null | undefined) => value == null || /^https?:\/\//i.test(value);

/** Adds images to Eagle: checks it runs, then posts them to `/api/item/addFromURLs`. */
export async function addToEagle(host: DesktopHost, items: EagleItem[]): Promise<{ status: number }> {
  if (items.length === 0 || items.length > 500) throw new DesktopCallError("INVALID_INPUT", "Between 1 and 500 images go to Eagle at once");
  if (!items.every((item) => isWebAddress(item.url) && isWebAddress(item.website))) throw new DesktopCallError("INVALID_INPUT", "Eagle takes http(s) images only");
  try {
    await host.request(`${EAGLE_API}/api/application/info`, { method: "GET", timeoutMs: 3_000 });
  } catch {
    throw new DesktopCallError("UNREACHABLE", "Eagle is not running on this computer");
  }
  const answer = await host.request(`${EAGLE_API}/api/item/addFromURLs`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ items }),
    timeoutMs: 15_000,
  });
  if (answer.status >= 400) throw new DesktopCallError("FAILED", `Eagle answered ${answer.status}`);
  return { status: answer.status };
}
