import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Navigate, useLocation, useSearchParams } from "react-router";
import { sessionQuery } from "../../queries/session.ts";

/**
 * Shows `children` to a signed-in visitor; sends anyone else to `/login`, remembering where they
 * were going.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const { data: session, isPending, error } = useQuery(sessionQuery);
  const location = useLocation();
  if (error) throw error;
  if (isPending) return null;
  if (!session) {
    const redirect = `${location.pathname}${location.search}`;
    return <Navigate to={redirect === "/" ? "/login" : `/login?redirect=${encodeURIComponent(redirect)}`} replace />;
  }
  return children;
}

/** Where to go after signing in: a same-site `redirect` parameter, else the timeline. */
export function safeRedirect(value: string | null): string {
  return value && value.startsWith("/") && !value.startsWith("//") && !value.startsWith("/\\") ? value : "/timeline";
}

/**
 * Sends a visitor who is signed in from the sign-in screen to where they were going (the
 * `redirect` parameter) or to the timeline.
 */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { data: session, isPending } = useQuery(sessionQuery);
  const [params] = useSearchParams();
  if (isPending) return null;
  if (session) return <Navigate to={safeRedirect(params.get("redirect"))} replace />;
  return children;
}
