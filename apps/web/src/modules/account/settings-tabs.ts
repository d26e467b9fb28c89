import type { SettingsTab } from "../../components/settings/settings-tab.ts";
import { InvitationsSettings } from "./invitations-settings.tsx";
import { ProfileSettings } from "./profile-settings.tsx";

/** Settings → Invitations and Settings → Profile (pages/settings/settings-tabs.ts puts them in order). */
export const invitationsSettingsTab: SettingsTab = { id: "invitations", Page: InvitationsSettings };
export const profileSettingsTab: SettingsTab = { id: "profile", Page: ProfileSettings };
