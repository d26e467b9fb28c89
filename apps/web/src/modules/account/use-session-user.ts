import { useQuery } from "@tanstack/react-query";
import type { SessionUser } from "@tidings/contracts";
import { sessionQuery } from "../../queries/session.ts";

/** The signed-in user with the profile fields `get-session` carries beside the base ones. */
export type AccountUser = SessionUser & {
  bio?: string | null;
  website?: string | null;
  socialLinks?: Record<string, string> | null;
};

/** The signed-in user and role; the account screens only render under a session. */
export function useSessionUser() {
  const { data } = useQuery(sessionQuery);
  return data ? { user: data.user as AccountUser, role: data.role, session: data.session } : null;
}
