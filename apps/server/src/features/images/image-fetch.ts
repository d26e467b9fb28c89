import { ErrorCode } from "@tidings/contracts";
import { AppError } from "../../errors.ts";
import { FetchError, type HttpClient } from "../../lib/http/index.ts";
import { refererFor } from "./image-referer.ts";
import { sniffImage } from "../../content/image-sniff.ts";
import type { SourceImage } from "./image-transform.ts";

/** An image that takes longer than this to arrive is not worth the wait of a page that shows it. */
const TIMEOUT_MS = 15_000;
const ACCEPT = "image/avif,image/webp,image/png,image/svg+xml,image/*;q=0.8,*/*;q=0.5";

/** The image URL a request names, or a 400: absolute http(s) only. */
export function parseImageUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AppError(ErrorCode.InvalidParameter, { reason: `url: not an absolute URL (${raw.slice(0, 200)})` });
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new AppError(ErrorCode.InvalidParameter, { reason: "url: only http and https images can be proxied" });
  return url;
}

const upstream = (reason: string, status = 502) => new AppError(ErrorCode.InvalidParameter, { status, message: "The image could not be fetched", reason });

/** An original image, and whether it came from this machine or its networks. */
export type FetchedImage = SourceImage & { privateNetwork: boolean };

/**
 * Fetches an image through the client the private-network policy picked for the asker, with
 * the Referer its host accepts and none of the reader's own headers. Answers its bytes and
 * format, or an AppError: the policy's refusal (16000) for an address it does not allow, 404
 * when the host has no such image, 502 for any other failure of the host or bytes that are no image.
 */
export async function fetchImage(http: HttpClient, url: URL, maxBytes: number, refused: (error: FetchError) => AppError): Promise<FetchedImage> {
  let response;
  try {
    response = await http.request({ url: url.href, headers: { accept: ACCEPT, referer: refererFor(url) }, maxBytes, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    if (!(error instanceof FetchError)) throw error;
    if (error.kind === "private-address") throw refused(error);
    if (error.kind === "invalid-url" || error.kind === "unsupported-protocol") throw new AppError(ErrorCode.InvalidParameter, { reason: `url: ${error.message}` });
    if (error.kind === "too-large") throw upstream(`The image is larger than IMAGE_MAX_BYTES (${maxBytes} bytes)`);
    if (error.kind === "aborted" || error.kind === "timeout") throw upstream(`The image host did not answer within ${TIMEOUT_MS / 1000} s`, 504);
    throw upstream(`${error.kind}: ${error.message}`);
  }
  if (response.status === 404 || response.status === 410) throw upstream(`The image host answered HTTP ${response.status}`, 404);
  if (response.status < 200 || response.status >= 300) throw upstream(`The image host answered HTTP ${response.status}`);
  const format = sniffImage(response.body);
  if (!format) throw upstream(`Not an image (${response.headers["content-type"] ?? "no Content-Type"}, ${response.body.length} bytes)`);
  return { bytes: response.body, format, privateNetwork: response.privateNetwork };
}
