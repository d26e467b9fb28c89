export { AuthLayout } from "./auth-layout.tsx";
export { InvitationForm } from "./invitation-form.tsx";
export { LoginForm } from "./login-form.tsx";
export { RedirectIfSignedIn, RequireSession } from "./require-session.tsx";
export { useSignOut } from "./use-sign-out.ts";
