import { ErrorCode } from "@tidings/contracts";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";

/** Limits of the profile fields an account edits itself (`update-user`, `sign-up/email`). */
export const PROFILE_LIMITS = { nameMax: 50, bioMax: 300, handleMin: 3, handleMax: 30, socialLinksMax: 10 } as const;

const HANDLE = /^[a-z0-9_]+$/;
const SOCIAL_KEY = /^[a-z0-9_-]{1,30}$/i;
const SOCIAL_HANDLE = /^@?[\w.-]{1,100}$/;

/** A 400 in the product's error shape: code 1002, the message naming the field. */
function invalid(message: string): APIError {
  return APIError.fromStatus("BAD_REQUEST", { code: String(ErrorCode.InvalidParameter), message, reason: message });
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && value.length <= 2048;
  } catch {
    return false;
  }
}

/** Empty strings clear a field. */
const blank = (value: unknown) => value === null || (typeof value === "string" && value.trim() === "");

/**
 * Checks and normalises the profile fields of `body`, answering the fields to write. Throws a
 * 400 naming the first bad field. `handleTaken` tells whether another account holds a handle.
 */
export async function validateProfileFields(
  body: Record<string, unknown>,
  handleTaken: (handle: string) => Promise<boolean>,
): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = { ...body };
  if ("name" in body) {
    const name = typeof body.name === "string" ? body.name.trim() : "";
    if (name.length < 1 || name.length > PROFILE_LIMITS.nameMax) throw invalid(`name must be 1 to ${PROFILE_LIMITS.nameMax} characters`);
    out.name = name;
  }
  if ("handle" in body) {
    if (blank(body.handle)) out.handle = null;
    else {
      const handle = typeof body.handle === "string" ? body.handle.trim().replace(/^@/, "").toLowerCase() : "";
      if (handle.length < PROFILE_LIMITS.handleMin || handle.length > PROFILE_LIMITS.handleMax || !HANDLE.test(handle)) {
        throw invalid(`handle must be ${PROFILE_LIMITS.handleMin} to ${PROFILE_LIMITS.handleMax} characters of a-z, 0-9 and _`);
      }
      if (await handleTaken(handle)) throw invalid("Handle is taken");
      out.handle = handle;
    }
  }
  if ("bio" in body) {
    if (blank(body.bio)) out.bio = null;
    else if (typeof body.bio !== "string" || body.bio.length > PROFILE_LIMITS.bioMax) throw invalid(`bio must be at most ${PROFILE_LIMITS.bioMax} characters`);
  }
  for (const field of ["website", "image"] as const) {
    if (!(field in body)) continue;
    if (blank(body[field])) out[field] = null;
    else if (typeof body[field] !== "string" || !isHttpUrl(body[field].trim())) throw invalid(`${field} must be an http(s) URL`);
    else out[field] = body[field].trim();
  }
  if ("socialLinks" in body) out.socialLinks = validateSocialLinks(body.socialLinks);
  return out;
}

function validateSocialLinks(value: unknown): Record<string, string> | null {
  if (value === null) return null;
  if (typeof value !== "object" || Array.isArray(value)) throw invalid("socialLinks must be an object");
  const entries = Object.entries(value as Record<string, unknown>).filter(([, link]) => !blank(link));
  if (entries.length > PROFILE_LIMITS.socialLinksMax) throw invalid(`socialLinks may hold at most ${PROFILE_LIMITS.socialLinksMax} links`);
  const links: Record<string, string> = {};
  for (const [key, link] of entries) {
    if (!SOCIAL_KEY.test(key)) throw invalid(`socialLinks: "${key.slice(0, 40)}" is not a valid name`);
    const trimmed = typeof link === "string" ? link.trim() : "";
    if (!isHttpUrl(trimmed) && !SOCIAL_HANDLE.test(trimmed)) throw invalid(`socialLinks.${key} must be an http(s) URL or a handle`);
    links[key] = trimmed;
  }
  return links;
}

/** Runs {@link validateProfileFields} before better-auth writes a user from client input. */
export function profileFieldsPlugin() {
  return {
    id: "tidings-profile-fields",
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === "/update-user" || ctx.path === "/sign-up/email",
          handler: createAuthMiddleware(async (ctx) => {
            const body = ctx.body as Record<string, unknown> | undefined;
            if (!body || typeof body !== "object" || Array.isArray(body)) return;
            let selfId: string | null = null;
            if (ctx.path === "/update-user") {
              selfId = (await getSessionFromCtx(ctx))?.user.id ?? null;
              if (!selfId) return; // better-auth answers 401
            }
            const checked = await validateProfileFields(body, async (handle) => {
              const holder = await ctx.context.adapter.findOne<{ id: string }>({ model: "user", where: [{ field: "handle", value: handle }] });
              return holder !== null && holder.id !== selfId;
            });
            // defu-merged hook context drops nulls, so cleared fields are written into the body itself.
            Object.assign(body, checked);
            return { context: { body: checked } };
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
