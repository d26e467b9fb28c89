import { useEffect, useEffectEvent } from "react";
import { type HotkeyOptions, registerHotkey } from "./dispatcher.ts";
import { SHORTCUTS, type ShortcutId } from "./shortcuts.ts";

/**
 * A keyboard shortcut while the component is mounted. `keys` is a shortcut id of the table
 * (its keys and scope come from there) or literal keys. The handler may change between renders
 * without re-registering.
 */
export function useHotkey(keys: ShortcutId | string | string[], handler: (event: KeyboardEvent) => void | boolean, options: HotkeyOptions = {}): void {
  const onKey = useEffectEvent(handler);
  const known = typeof keys === "string" && keys in SHORTCUTS ? SHORTCUTS[keys as ShortcutId] : null;
  const resolved = known ? known.keys : keys;
  const scope = options.scope ?? known?.scope;
  const signature = JSON.stringify([resolved, scope, options.inInputs, options.enabled, options.allowDefault]);
  useEffect(() => {
    if (options.enabled === false) return;
    return registerHotkey(resolved, (event) => onKey(event), { ...options, scope });
    // The signature covers every input of the registration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signature]);
}
