import { type AvatarUpload, type InstanceSettings, type InvitationLimitation, type InvitationRow, isApiErrorBody, type LinkedAccount, PRODUCT, type PublicProfile } from "@tidings/contracts";
import { authRequest } from "../auth/index.ts";
import { api, ApiError } from "../../lib/api-client.ts";

/** The editable profile fields (`update-user`). */
export interface ProfileInput {
  name: string;
  handle: string | null;
  bio: string | null;
  website: string | null;
  socialLinks: Record<string, string> | null;
  image?: string | null;
}

/** One signed-in device (`list-sessions`). */
export interface DeviceSession {
  id: string;
  token: string;
  createdAt: string;
  updatedAt: string;
  expiresAt: string;
  ipAddress?: string | null;
  userAgent?: string | null;
}

export type { InvitationRow, LinkedAccount };

/** Account calls of better-auth (`/api/better-auth/…`). */
export const accountApi = {
  updateUser: (input: Partial<ProfileInput>) => authRequest<{ status: boolean }>("/update-user", input),
  changeEmail: (newEmail: string) => authRequest<{ status: boolean }>("/change-email", { newEmail, callbackURL: `${window.location.origin}/settings/profile` }),
  changePassword: (input: { currentPassword: string; newPassword: string; revokeOtherSessions: boolean }) => authRequest<unknown>("/change-password", input),
  setPassword: (newPassword: string) => authRequest<{ status: boolean }>("/set-password", { newPassword }),
  deleteUser: (password?: string) => authRequest<{ success: boolean }>("/delete-user", password ? { password } : {}),
  listSessions: () => authRequest<DeviceSession[]>("/list-sessions"),
  revokeSession: (token: string) => authRequest<{ status: boolean }>("/revoke-session", { token }),
  revokeOtherSessions: () => authRequest<{ status: boolean }>("/revoke-other-sessions", {}),
  listAccounts: () => authRequest<LinkedAccount[]>("/list-accounts"),
  /** Starts linking a provider (GitHub, Google or the OpenID one); answers its address to go to. */
  linkProvider: (provider: string) => authRequest<{ url: string }>("/link-social", { provider, callbackURL: `${window.location.origin}/settings/profile` }),
  /** Unlinks one sign-in method by its account row id (better-auth 1.7 takes `accountId` = row id). */
  unlinkAccount: (account: Pick<LinkedAccount, "id">) => authRequest<{ status: boolean }>("/unlink-account", { accountId: account.id }),
  enableTwoFactor: (password: string) => authRequest<{ totpURI: string; backupCodes: string[] }>("/two-factor/enable", { password }),
  confirmTwoFactor: (code: string) => authRequest<unknown>("/two-factor/verify-totp", { code }),
  disableTwoFactor: (password: string) => authRequest<{ status: boolean }>("/two-factor/disable", { password }),
  generateBackupCodes: (password: string) => authRequest<{ status: boolean; backupCodes: string[] }>("/two-factor/generate-backup-codes", { password }),
};

/** Product API calls of the profile and invitation screens. */
export const profileApi = {
  profile: (query: { id: string } | { handle: string }) => api<PublicProfile>("profiles", { query }),
  /** `POST /upload/avatar` (multipart `file`): stores the picture and answers its address. */
  async uploadAvatar(file: File): Promise<AvatarUpload> {
    const form = new FormData();
    form.set("file", file);
    const url = "/api/upload/avatar";
    const response = await fetch(url, {
      method: "POST",
      credentials: "include",
      headers: { "X-App-Version": PRODUCT.version, "X-App-Name": `${PRODUCT.name} Web` },
      body: form,
    });
    const body = (await response.json().catch(() => undefined)) as unknown;
    const data = (body as { data?: { url?: unknown } } | undefined)?.data;
    if (!response.ok || typeof data?.url !== "string") {
      throw new ApiError({ method: "POST", url, status: response.status, statusText: response.statusText, ...(isApiErrorBody(body) ? { body } : {}) });
    }
    return { url: data.url };
  },
  invitations: () => api<InvitationRow[]>("invitations"),
  limitation: () => api<InvitationLimitation>("invitations/limitation"),
  createInvitation: (TOTPCode?: string) => api<string>("invitations/new", { json: TOTPCode ? { TOTPCode } : {} }),
  instance: () => api<InstanceSettings>("admin/instance"),
  setInstance: (input: InstanceSettings) => api<InstanceSettings>("admin/instance", { method: "PATCH", json: input }),
};
