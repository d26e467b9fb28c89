// Reader apps (issue 26): phone and desktop feed readers sync through the Google Reader and Fever
// APIs with app passwords; Settings → Apps says what to type in an app and makes and revokes them.
export { readerAppsSettingsTab } from "./settings-tab.ts";
