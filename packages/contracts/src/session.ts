import type { Role } from "./product.ts";

/** The invitation an account was activated with, as `get-session` returns it. */
export interface SessionInvitation {
  code: string;
  createdAt: string;
  usedAt: string | null;
  fromUserId: string | null;
  toUserId: string | null;
}

/** The user part of `get-session`. */
export interface SessionUser {
  id: string;
  email: string;
  emailVerified: boolean;
  name: string;
  image: string | null;
  handle: string | null;
  twoFactorEnabled: boolean;
  isAdmin: boolean;
  createdAt: string;
  updatedAt: string;
}

/** The whole `GET /api/better-auth/get-session` answer for a signed-in visitor. */
export interface SessionPayload {
  user: SessionUser;
  session: { id: string; userId: string; expiresAt: string; token: string };
  role: Role;
  invitation: SessionInvitation | null;
}
