import { ErrorCode, type IdGenerator } from "@tidings/contracts";
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { AppError } from "../../errors.ts";
import type { RequestUser } from "../../http/context.ts";
import type { Clock } from "../../lib/clock.ts";
import type { AppPasswordOwner, AppPasswordsRepo } from "./app-passwords.repo.ts";

/** App passwords one account may hold. */
export const MAX_APP_PASSWORDS = 50;
/** "Last used" is written at most this often per password, so a sync does not write on every call. */
const TOUCH_EVERY_MS = 60_000;

export interface AppPasswordView {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
/** The Fever protocol's key: md5 of `email:password`, as its clients compute it. */
export const feverKeyOf = (email: string, password: string) => createHash("md5").update(`${email}:${password}`).digest("hex");

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Passwords for reader apps: made and revoked by the signed-in reader, and what the sync APIs
 * sign in with. A Google Reader token is `<password id>/<HMAC of the id and the password's
 * digest>`: nothing to store, and revoking the password ends every token made from it.
 */
export function createAppPasswordsService(deps: { repo: AppPasswordsRepo; ids: IdGenerator; clock: Clock; secret: string }) {
  const { repo, clock } = deps;
  const tokenKey = createHmac("sha256", deps.secret).update("tidings:reader-app-token").digest();
  const sign = (passwordId: string, passwordHash: string) => createHmac("sha256", tokenKey).update(`${passwordId}:${passwordHash}`).digest("hex").slice(0, 40);
  const lastTouch = new Map<string, number>();

  async function used(passwordId: string, lastUsedAt: Date | null): Promise<void> {
    const now = clock.now().getTime();
    const last = Math.max(lastUsedAt?.getTime() ?? 0, lastTouch.get(passwordId) ?? 0);
    if (now - last < TOUCH_EVERY_MS) return;
    lastTouch.set(passwordId, now);
    if (lastTouch.size > 10_000) lastTouch.clear();
    await repo.touch(passwordId, new Date(now));
  }

  const toUser = (owner: AppPasswordOwner): RequestUser => ({ ...owner, isAdmin: owner.isAdmin === true });
  /** The app password of the account with this e-mail that `password` is (its use noted), or null. */
  const byEmailAndPassword = async (email: string, password: string) => {
    if (!email || !password) return null;
    const digest = sha256(password.trim());
    const match = (await repo.byEmail(email.trim())).find((row) => sameText(row.passwordHash, digest));
    if (match) await used(match.passwordId, null);
    return match ?? null;
  };

  return {
    async list(user: RequestUser): Promise<AppPasswordView[]> {
      return (await repo.list(user.id)).map((row) => ({
        id: row.id,
        name: row.name,
        createdAt: row.createdAt.toISOString(),
        lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
      }));
    },

    /** Makes a password for an app; the answer is the only time the password is shown. */
    async create(user: RequestUser, name: string): Promise<{ id: string; name: string; password: string; createdAt: string }> {
      if ((await repo.count(user.id)) >= MAX_APP_PASSWORDS) throw new AppError(ErrorCode.AppPasswordLimitExceeded);
      // 120 random bits in lower-case base 32, in groups of four: easy to type on a phone, nothing to guess.
      const raw = randomBytes(24);
      const alphabet = "abcdefghijklmnopqrstuvwxyz234567";
      let password = "";
      for (const byte of raw) password += alphabet[byte % 32];
      password = password.match(/.{4}/g)!.join("-");
      const id = deps.ids.next();
      const createdAt = clock.now();
      await repo.insert({ id, userId: user.id, name, passwordHash: sha256(password), feverKey: feverKeyOf(user.email.toLowerCase(), password), createdAt });
      return { id, name, password, createdAt: createdAt.toISOString() };
    },

    async revoke(user: RequestUser, id: string): Promise<void> {
      if (!(await repo.remove(user.id, id))) throw new AppError(ErrorCode.AppPasswordNotFound);
    },

    /** Google Reader's ClientLogin: the account's e-mail and one of its app passwords give a token, or null. */
    async signIn(email: string, password: string): Promise<{ user: RequestUser; token: string } | null> {
      const match = await byEmailAndPassword(email, password);
      return match ? { user: toUser(match.owner), token: `${match.passwordId}/${sign(match.passwordId, match.passwordHash)}` } : null;
    },

    /** The reader a Google Reader token stands for, or null (malformed, forged or revoked). */
    async fromToken(token: string): Promise<{ user: RequestUser; passwordId: string } | null> {
      const match = /^(\d{1,20})\/([0-9a-f]{40})$/.exec(token.trim());
      if (!match) return null;
      const row = await repo.byId(match[1]!);
      if (!row || !sameText(sign(row.passwordId, row.passwordHash), match[2]!)) return null;
      await used(row.passwordId, row.lastUsedAt);
      return { user: toUser(row.owner), passwordId: row.passwordId };
    },

    /** Google Reader's edit token (`T`) for a signed-in token: derived from it, so nothing is stored. */
    editToken(passwordId: string): string {
      return createHmac("sha256", tokenKey).update(`edit:${passwordId}`).digest("hex").slice(0, 57);
    },

    /** The reader an app password stands for (Miniflux's X-Auth-Token), or null. */
    async fromPassword(password: string): Promise<RequestUser | null> {
      const text = password.trim();
      if (!text || text.length > 200) return null;
      const row = await repo.byPasswordHash(sha256(text));
      if (!row) return null;
      await used(row.passwordId, row.lastUsedAt);
      return toUser(row.owner);
    },

    /** The reader an account e-mail and one of its app passwords stand for (HTTP Basic), or null. */
    async fromEmailAndPassword(email: string, password: string): Promise<RequestUser | null> {
      const match = await byEmailAndPassword(email, password);
      return match ? toUser(match.owner) : null;
    },

    /** The reader a Fever `api_key` stands for, or null. */
    async fromFeverKey(apiKey: string): Promise<RequestUser | null> {
      const key = apiKey.trim().toLowerCase();
      if (!/^[0-9a-f]{32}$/.test(key)) return null;
      const row = await repo.byFeverKey(key);
      if (!row) return null;
      await used(row.passwordId, row.lastUsedAt);
      return toUser(row.owner);
    },
  };
}

export type AppPasswordsService = ReturnType<typeof createAppPasswordsService>;
