import { ErrorCode } from "@tidings/contracts";
import { AppError } from "../../errors.ts";
import type { Clock } from "../../lib/clock.ts";
import { base32Decode, verifyTotp } from "../../lib/totp.ts";
import type { TwoFactorsRepo } from "./two-factors.repo.ts";

/** better-auth stores secrets imported from other apps as `base32:<secret>`; its own are raw text. */
const BASE32_PREFIX = "base32:";

/** better-auth's ciphers, loaded when a two-factor code is first checked (a refresh process never does). */
const crypto = () => import("better-auth/crypto");

/**
 * Asks for the second factor before money and invitation actions: when the account has
 * two-factor on, a missing code answers 4008 and a wrong one 4007. A TOTP code (±1 step) or an
 * unused backup code passes; a backup code is used up. Secrets are read the way better-auth
 * writes them (XChaCha20-Poly1305 under the auth secret).
 */
export function createTotpGuard(deps: { repo: TwoFactorsRepo; secret: string; clock: Clock }) {
  const { repo, secret, clock } = deps;

  const totpKey = async (encrypted: string): Promise<Uint8Array> => {
    const { symmetricDecrypt } = await crypto();
    const plain = await symmetricDecrypt({ key: secret, data: encrypted });
    return plain.startsWith(BASE32_PREFIX) ? base32Decode(plain.slice(BASE32_PREFIX.length)) : Buffer.from(plain, "utf8");
  };

  /** Backup codes are JSON, encrypted unless better-auth was told to store them plainly. */
  const useBackupCode = async (row: { id: string; backupCodes: string }, code: string): Promise<boolean> => {
    const plain = row.backupCodes.startsWith("[");
    const { symmetricDecrypt, symmetricEncrypt } = await crypto();
    const json = plain ? row.backupCodes : await symmetricDecrypt({ key: secret, data: row.backupCodes });
    const codes = JSON.parse(json) as unknown;
    if (!Array.isArray(codes) || !codes.includes(code)) return false;
    const rest = JSON.stringify(codes.filter((candidate) => candidate !== code));
    return repo.replaceBackupCodes(row.id, row.backupCodes, plain ? rest : await symmetricEncrypt({ key: secret, data: rest }));
  };

  return {
    /** Passes silently for accounts without two-factor; otherwise needs a valid `code`. */
    async check(userId: string, code: string | undefined): Promise<void> {
      const row = await repo.findActive(userId);
      if (!row) return;
      const given = code?.replace(/\s+/g, "") ?? "";
      if (!given) throw new AppError(ErrorCode.TwoFactorCodeRequired);
      if (/^\d+$/.test(given) ? verifyTotp(await totpKey(row.secret), given, clock.now()) : await useBackupCode(row, given)) return;
      throw new AppError(ErrorCode.InvalidTwoFactorCode);
    },
  };
}

export type TotpGuard = ReturnType<typeof createTotpGuard>;
