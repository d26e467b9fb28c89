import { SettingsSection } from "../../components/settings/settings-section.tsx";
import { RsshubInstances } from "./rsshub-instances.tsx";

/** Settings → RSSHub: the same instances as the `/rsshub` page. */
export function RsshubSettings() {
  return (
    <SettingsSection tab="rsshub">
      <RsshubInstances />
    </SettingsSection>
  );
}
