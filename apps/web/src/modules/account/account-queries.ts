import type { AccountStatusConfigs, StatusConfigs } from "@tidings/contracts";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api-client.ts";
import { accountApi, profileApi } from "./account-api.ts";

export const accountKeys = {
  sessions: ["account", "sessions"] as const,
  linked: ["account", "linked"] as const,
  invitations: ["account", "invitations"] as const,
  limitation: ["account", "invitations", "limitation"] as const,
  instance: ["account", "instance"] as const,
  profile: (idOrHandle: string) => ["account", "profile", idOrHandle] as const,
};

const FRESH = { staleTime: 0, retry: false } as const;

/** Where I am signed in. */
export const deviceSessionsQuery = queryOptions({ queryKey: accountKeys.sessions, queryFn: accountApi.listSessions, ...FRESH });

/** The ways I can sign in. */
export const linkedAccountsQuery = queryOptions({ queryKey: accountKeys.linked, queryFn: accountApi.listAccounts, ...FRESH });

/** My invitation codes. */
export const invitationsQuery = queryOptions({ queryKey: accountKeys.invitations, queryFn: profileApi.invitations, ...FRESH });

/** How many more codes I may make. */
export const invitationLimitQuery = queryOptions({ queryKey: accountKeys.limitation, queryFn: profileApi.limitation, ...FRESH });

/** The instance switches an admin may change. */
export const instanceQuery = queryOptions({ queryKey: accountKeys.instance, queryFn: profileApi.instance, ...FRESH });

/** A person's public profile, by id or by `@handle`. */
export const publicProfileQuery = (idOrHandle: string) =>
  queryOptions({
    queryKey: accountKeys.profile(idOrHandle),
    queryFn: () => profileApi.profile(idOrHandle.startsWith("@") ? { handle: idOrHandle.slice(1) } : { id: idOrHandle }),
    staleTime: 30_000,
    retry: false,
  });

/** GET /status/configs: the instance limits; the avatar size limit when the server reports it. */
export const statusConfigsQuery = queryOptions({
  queryKey: ["status", "configs"] as const,
  queryFn: () => api<StatusConfigs & Partial<AccountStatusConfigs>>("status/configs"),
  staleTime: 60 * 60 * 1000,
});
