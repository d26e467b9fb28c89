import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

const SECRET_FILE = "auth-secret";

/**
 * The configured secret, or the one kept in `dataDir`, generated on first start (0600). One
 * secret signs every session, so losing the file signs everyone out, nothing more.
 */
export async function resolveAuthSecret(configured: string | null, dataDir: string): Promise<string> {
  if (configured) return configured;
  const file = path.join(dataDir, SECRET_FILE);
  try {
    const stored = (await readFile(file, "utf8")).trim();
    if (stored.length >= 32) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
