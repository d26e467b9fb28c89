import { createECDH } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

const KEYS_FILE = "vapid-keys.json";

/**
 * The instance's VAPID key pair (RFC 8292), unpadded base64url as browsers and `web-push` take
 * them: the public key an uncompressed P-256 point (65 bytes), the private key its scalar (32).
 */
export interface VapidKeys {
  readonly publicKey: string;
  readonly privateKey: string;
}

/** A new P-256 key pair. */
export function generateVapidKeys(): VapidKeys {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  // The scalar may come back shorter than 32 bytes (leading zeros): padded, as browsers expect.
  const privateKey = ecdh.getPrivateKey();
  return { publicKey: ecdh.getPublicKey().toString("base64url"), privateKey: Buffer.concat([Buffer.alloc(32 - privateKey.length), privateKey]).toString("base64url") };
}

/** Why `keys` is not a usable pair (null when it is): wrong encodings, lengths, or keys of two pairs. */
export function vapidKeysProblem(keys: VapidKeys): string | null {
  const base64url = /^[A-Za-z0-9_-]+$/;
  if (!base64url.test(keys.publicKey) || !base64url.test(keys.privateKey)) return "must be unpadded base64url";
  const publicKey = Buffer.from(keys.publicKey, "base64url");
  const privateKey = Buffer.from(keys.privateKey, "base64url");
  if (publicKey.length !== 65 || publicKey[0] !== 4) return "the public key must be an uncompressed P-256 point (65 bytes)";
  if (privateKey.length !== 32) return "the private key must be 32 bytes";
  try {
    const ecdh = createECDH("prime256v1");
    ecdh.setPrivateKey(privateKey);
    if (!ecdh.getPublicKey().equals(publicKey)) return "the public key is not the private key's";
  } catch {
    return "the private key is not a P-256 key";
  }
  return null;
}

/**
 * The configured pair, or the one kept in `dataDir` (`vapid-keys.json`, 0600), generated on the
 * first start when `create` is set. Browsers subscribe with the public key, so a new pair ends
 * every subscription: the file is kept like the auth secret. Without the file and `create`, null
 * (a refresh worker that does not own the data directory).
 */
export async function resolveVapidKeys(configured: VapidKeys | null, dataDir: string, options: { create: boolean }): Promise<VapidKeys | null> {
  if (configured) return configured;
  const file = path.join(dataDir, KEYS_FILE);
  try {
    const stored = JSON.parse(await readFile(file, "utf8")) as VapidKeys;
    if (vapidKeysProblem(stored) === null) return { publicKey: stored.publicKey, privateKey: stored.privateKey };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT" && !(error instanceof SyntaxError)) throw error;
  }
  if (!options.create) return null;
  await mkdir(dataDir, { recursive: true });
  const keys = generateVapidKeys();
  await writeFile(file, `${JSON.stringify(keys)}\n`, { mode: 0o600 });
  return keys;
}
