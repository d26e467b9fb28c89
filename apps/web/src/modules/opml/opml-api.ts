import { type FeedView, isApiErrorBody, type OpmlImportResult, type OpmlParsedErrorItem, PRODUCT } from "@tidings/contracts";
import { ApiError } from "../../lib/api-client.ts";
import { queryClient } from "../../lib/query-client-instance.ts";
import { subscriptionKeys } from "../../queries/subscriptions.ts";
import { timelineKeys } from "../../queries/timeline.ts";
import { unreadKeys } from "../../queries/unread.ts";

/** The answer of POST /subscriptions/import and its error rows: the contract's shapes. */
export type ImportResult = OpmlImportResult;
export type ParsedErrorItem = OpmlParsedErrorItem;

/** How an export groups feeds: by their folder (category) or by their view. */
export type FolderMode = "category" | "view";

const HEADERS = { "X-App-Version": PRODUCT.version, "X-App-Name": `${PRODUCT.name} Web` };

/** Reads a product API answer: `data` of `{code: 0, data}`, else an {@link ApiError}. */
async function readEnvelope<T>(response: Response, method: string, url: string): Promise<T> {
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (!response.ok) throw new ApiError({ method, url, status: response.status, statusText: response.statusText, ...(isApiErrorBody(body) ? { body } : {}) });
  return (body as { data: T }).data;
}

async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, credentials: "include", headers: HEADERS });
  } catch (cause) {
    throw new ApiError({ method: init.method ?? "GET", url, cause });
  }
}

/**
 * The feed outlines of an OPML document (outlines with an `xmlUrl`), counted on this device to
 * say how many feeds an import is following; null when the text is no XML at all.
 */
export function countFeedOutlines(text: string): number | null {
  const document = new DOMParser().parseFromString(text, "application/xml");
  if (document.getElementsByTagName("parsererror").length > 0) return null;
  return [...document.getElementsByTagName("outline")].filter((outline) => outline.getAttribute("xmlUrl")).length;
}

/**
 * POST /subscriptions/import (multipart `file`, `view` for feeds the file gives no view): the
 * server follows every feed in one request and answers the three lists. The column, counts and
 * timelines are asked again afterwards.
 */
export async function importOpml(file: Blob, view: FeedView): Promise<ImportResult> {
  const form = new FormData();
  form.set("file", file, file instanceof File ? file.name : "subscriptions.opml");
  form.set("view", String(view));
  const url = "/api/subscriptions/import";
  const result = await readEnvelope<ImportResult>(await send(url, { method: "POST", body: form }), "POST", url);
  const client = queryClient();
  await Promise.all([
    client.invalidateQueries({ queryKey: subscriptionKeys.all }),
    client.invalidateQueries({ queryKey: unreadKeys.all }),
    client.invalidateQueries({ queryKey: timelineKeys.all }),
  ]);
  return result;
}

/** The export address: GET /subscriptions/export?folderMode=…[&RSSHubURL=…]. */
export function exportUrl(folderMode: FolderMode, rsshubUrl: string): string {
  const query = new URLSearchParams({ folderMode });
  if (rsshubUrl.trim()) query.set("RSSHubURL", rsshubUrl.trim());
  return `/api/subscriptions/export?${query.toString()}`;
}

/** The file name of a download, from its Content-Disposition header. */
export function dispositionName(header: string | null, fallback: string): string {
  return /filename="?([^";]+)"?/i.exec(header ?? "")?.[1] ?? fallback;
}

/** Downloads the reader's subscriptions as an OPML file (errors are thrown with their code). */
export async function downloadOpml(folderMode: FolderMode, rsshubUrl: string): Promise<string> {
  const url = exportUrl(folderMode, rsshubUrl);
  const response = await send(url, { method: "GET" });
  if (!response.ok) await readEnvelope(response, "GET", url);
  const name = dispositionName(response.headers.get("Content-Disposition"), "subscriptions.opml");
  const href = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement("a"), { href, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
  return name;
}
