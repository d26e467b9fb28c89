import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

const VERSION = "v1";

/**
 * Encrypts small secrets (a reader's AI provider key) for storage, with AES-256-GCM under a key
 * derived from the server secret by HKDF for `purpose`. A sealed value is
 * `v1.<iv>.<tag>.<ciphertext>` (base64url): tampering fails to open, and a database dump without
 * the server secret gives nothing away.
 */
export interface SealedBox {
  seal(plain: string): string;
  /** The plain text, or null when the value was sealed under another secret or altered. */
  open(sealed: string): string | null;
}

export function createSealedBox(secret: string, purpose: string): SealedBox {
  const key = Buffer.from(hkdfSync("sha256", secret, "tidings", purpose, 32));
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return [VERSION, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), data.toString("base64url")].join(".");
    },
    open(sealed) {
      const [version, iv, tag, data] = sealed.split(".");
      if (version !== VERSION || iv === undefined || tag === undefined || data === undefined) return null;
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
        decipher.setAuthTag(Buffer.from(tag, "base64url"));
        return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
      } catch {
        return null;
      }
    },
  };
}
