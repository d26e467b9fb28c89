import type { PublicUser } from "./api/models.ts";

/**
 * `GET /api/profiles?id|handle`: what anyone, signed in or not, may see of a user. Never the
 * e-mail address. `twoFactorEnabled` is present only when signed-in users look at themselves.
 */
export type PublicProfile = Required<PublicUser> & { twoFactorEnabled?: boolean };

/** `POST /api/upload/avatar` (multipart field `file`): where the stored image is served. */
export interface AvatarUpload {
  url: string;
}

/** One row of `GET /api/invitations`: a code I created, and who used it. */
export interface InvitationRow {
  code: string;
  createdAt: string;
  usedAt: string | null;
  toUserId: string | null;
  users: { id: string; name: string | null; image: string | null } | null;
}

/**
 * `GET /api/invitations/limitation`: how many more codes I may create now; `null` when there is
 * no limit (admins, or `INVITATION_INTERVAL_DAYS=0`).
 */
export type InvitationLimitation = number | null;

/** `POST /api/invitations/new`: with two-factor on, the current TOTP code (or a backup code). */
export interface NewInvitationBody {
  TOTPCode?: string;
}

/** `GET` and `PATCH /api/admin/instance` (admins only): settings an admin changes at run time. */
export interface InstanceSettings {
  /** New accounts start as `trial` and need a code to become `user`. */
  invitationsRequired: boolean;
}

/** Account limits `GET /api/status/configs` answers besides `StatusConfigs`. */
export interface AccountStatusConfigs {
  /** Largest avatar upload in bytes; larger files are refused with 14001. */
  AVATAR_MAX_BYTES: number;
  /** One invitation code per this many days of account age; 0 means no limit. */
  INVITATION_INTERVAL_DAYS: number;
}
