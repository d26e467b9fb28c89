/**
 * A `multipart/form-data` body of text fields (RFC 7578), in the given order. Field names are
 * ours (plain ASCII); values are UTF-8 and may hold anything but the boundary, which is random.
 */
export function multipartBody(fields: Record<string, string>, boundary: string): string {
  const parts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  return `${parts.join("")}--${boundary}--\r\n`;
}
