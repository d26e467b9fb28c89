/**
 * Atom text constructs may be base64-encoded: Atom 0.3 says so with `mode="base64"`, Atom 1.0 with
 * a MIME `type` that is neither text nor XML (e.g. application/octet-stream).
 */
export function isBase64Construct(type: string, mode: string | undefined): boolean {
  if (mode?.trim().toLowerCase() === "base64") return true;
  const slash = type.indexOf("/");
  return slash > 0 && !type.startsWith("text/") && !type.includes("xml", slash);
}

const BASE64 = /^[A-Za-z0-9+/=\s]+$/;
const utf8 = new TextDecoder("utf-8");

/** The UTF-8 text that `data` encodes, or null when it is not base64 of text. */
export function decodeBase64Text(data: string): string | null {
  if (!BASE64.test(data)) return null;
  const text = utf8.decode(Buffer.from(data.replace(/\s+/g, ""), "base64"));
  return text && !text.includes("\uFFFD") ? text : null;
}
