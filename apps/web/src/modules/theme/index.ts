export { ColorModeSwitch } from "./color-mode-switch.tsx";
export { startColorMode, useColorMode } from "./color-mode.ts";
