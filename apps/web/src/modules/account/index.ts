// Accounts (spec §2 profile form, §6 roles and invitations): profile, security and invitation screens.
export { invitationsSettingsTab, profileSettingsTab } from "./settings-tabs.ts";
export { QrCode } from "./qr-code.tsx";
export { socialHref, socialLabel } from "./social-links.ts";
