import { SettingsSection } from "../../components/settings/settings-section.tsx";
import { ShortcutsGuide } from "./shortcuts-guide.tsx";

/** Settings → Shortcuts: the keymap, by group (read-only). */
export function ShortcutsSettings() {
  return (
    <SettingsSection tab="shortcuts">
      <div className="-mx-5 -mt-5">
        <ShortcutsGuide />
      </div>
    </SettingsSection>
  );
}
