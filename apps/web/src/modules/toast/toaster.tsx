import { Toaster as Sonner } from "sonner";
import { useColorMode } from "../theme/index.ts";

/** Toast constants of spec §9: 4000 ms, 3 visible, 14 px gap, bottom-right, Alt+T. */
export const TOAST_DURATION_MS = 4000;
export const TOAST_VISIBLE = 3;
export const TOAST_GAP_PX = 14;

export function Toaster() {
  const mode = useColorMode((state) => state.mode);
  return (
    <Sonner
      position="bottom-right"
      duration={TOAST_DURATION_MS}
      visibleToasts={TOAST_VISIBLE}
      gap={TOAST_GAP_PX}
      hotkey={["altKey", "KeyT"]}
      theme={mode}
      closeButton
    />
  );
}
