import { SettingsSection } from "../../components/settings/settings-section.tsx";
import { ActionsEditor } from "./actions-editor.tsx";

/** Settings → Actions: the same editor as the `/action` page. */
export function ActionsSettings() {
  return (
    <SettingsSection tab="actions">
      <ActionsEditor />
    </SettingsSection>
  );
}
