/**
 * Atom text constructs may be base64-encoded: Atom 0.3 says so with `mode="base64"`, Atom 1.0 with
 * a non-text MIME `type` (e.g. application/octet-stream). The feed parser reads neither, so such
 * elements are decoded in the source before parsing, their text XML-escaped again.
 */
const ENCODED_ELEMENT =
  /<((?:[\w-]+:)?(?:title|subtitle|tagline|summary|content|rights|copyright|info))(\s[^>]*?\b(?:mode\s*=\s*["']base64["']|type\s*=\s*["'](?!text|html|xhtml)[\w.+-]+\/(?![\w.+-]*xml)[\w.+-]+["'])[^>]*)>\s*([A-Za-z0-9+/=\s]+?)\s*<\/\1>/g;

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export function decodeBase64Constructs(xml: string): string {
  if (!xml.includes("base64") && !/type\s*=\s*["']application\//.test(xml)) return xml;
  return xml.replace(ENCODED_ELEMENT, (whole, name: string, attributes: string, data: string) => {
    const bytes = Buffer.from(data.replace(/\s+/g, ""), "base64");
    const text = new TextDecoder("utf-8", { fatal: false }).decode(bytes);
    if (!text || text.includes("\uFFFD")) return whole;
    const cleaned = attributes.replace(/\smode\s*=\s*["']base64["']/, "");
    return `<${name}${cleaned}>${escapeXml(text)}</${name}>`;
  });
}
