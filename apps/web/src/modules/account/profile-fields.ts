import type { ProfileInput } from "./account-api.ts";
import { compactLinks } from "./social-links.ts";
import type { AccountUser } from "./use-session-user.ts";

export const PROFILE_LIMITS = { name: 50, handle: 30, bio: 300 } as const;
const HANDLE = /^[a-z0-9_]{3,30}$/;

export type ProfileField = "name" | "handle" | "bio" | "website";

/** The form's text values, from the signed-in user. */
export interface ProfileDraft {
  name: string;
  handle: string;
  bio: string;
  website: string;
  socialLinks: Record<string, string>;
}

export function draftOf(user: AccountUser): ProfileDraft {
  return { name: user.name ?? "", handle: user.handle ?? "", bio: user.bio ?? "", website: user.website ?? "", socialLinks: { ...(user.socialLinks ?? {}) } };
}

/** What is wrong with a draft, field by field, as translation keys (the server checks again). */
export function validateDraft(draft: ProfileDraft): Partial<Record<ProfileField, string>> {
  const problems: Partial<Record<ProfileField, string>> = {};
  if (!draft.name.trim()) problems.name = "account.name_required";
  const handle = draft.handle.trim().toLowerCase();
  if (handle && !HANDLE.test(handle)) problems.handle = "account.handle_invalid";
  const website = draft.website.trim();
  if (website && !/^https?:\/\/[^\s]+\.[^\s]+/i.test(website)) problems.website = "account.website_invalid";
  return problems;
}

/** The `update-user` body of a draft: trimmed, empty values as `null`. */
export function inputOf(draft: ProfileDraft): ProfileInput {
  return {
    name: draft.name.trim(),
    handle: draft.handle.trim().toLowerCase() || null,
    bio: draft.bio.trim() || null,
    website: draft.website.trim() || null,
    socialLinks: compactLinks(draft.socialLinks),
  };
}

/** Which field a server refusal is about (its message names the field), to show it there. */
export function fieldOfMessage(message: string): ProfileField | undefined {
  const match = /\b(handle|website|bio|name)\b/i.exec(message);
  return match ? (match[1]!.toLowerCase() as ProfileField) : undefined;
}
