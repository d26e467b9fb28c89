// Accounts (spec §2 profile form, §6 roles and invitations): profile, security and invitation screens.
export { InvitationsSettings } from "./invitations-settings.tsx";
export { ProfileSettings } from "./profile-settings.tsx";
export { publicProfileQuery } from "./account-queries.ts";
export { QrCode } from "./qr-code.tsx";
export { socialHref, socialLabel } from "./social-links.ts";
export { withTwoFactorCode } from "./totp-prompt.tsx";
