import { createHmac, timingSafeEqual } from "node:crypto";

const BASE32_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** RFC 4648 base32 (no padding needed), as authenticator apps show secrets. */
export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/=+$/, "");
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = BASE32_ALPHABET.indexOf(char);
    if (index === -1) throw new Error(`Not a base32 character: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** RFC 4226 HOTP: the `digits`-digit code of `counter` under `key` (HMAC-SHA-1). */
export function hotp(key: Uint8Array, counter: number, digits = 6): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac("sha1", key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, "0");
}

/**
 * RFC 6238 TOTP check: `code` matches the step of `at` or one step either side (clocks of phones
 * drift), compared in constant time.
 */
export function verifyTotp(key: Uint8Array, code: string, at: Date, options: { period?: number; digits?: number; window?: number } = {}): boolean {
  const { period = 30, digits = 6, window = 1 } = options;
  if (!new RegExp(`^\\d{${digits}}$`).test(code)) return false;
  const step = Math.floor(at.getTime() / 1000 / period);
  let matched = false;
  for (let offset = -window; offset <= window; offset++) {
    matched = timingSafeEqual(Buffer.from(hotp(key, step + offset, digits)), Buffer.from(code)) || matched;
  }
  return matched;
}
