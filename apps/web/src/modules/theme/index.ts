export { ColorModeSwitch } from "./color-mode-switch.tsx";
export { setColorMode, startColorMode, useColorMode } from "./color-mode.ts";
