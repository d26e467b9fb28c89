export { ColorModeSwitch } from "./color-mode-switch.tsx";
export { setColorMode, startColorMode, useColorMode, type ColorMode } from "./color-mode.ts";
