import { DEFAULT_SANS_FONT } from "../../store/settings-defaults.ts";

/** Font stacks offered for the interface and the reader (values stored as CSS font-family). */
export const SERIF_FONT = 'ui-serif, Georgia, Cambria, "Times New Roman", serif';
export const MONO_FONT = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';
export const UI_FONTS = [
  { value: DEFAULT_SANS_FONT, key: "font_sans" },
  { value: SERIF_FONT, key: "font_serif" },
  { value: MONO_FONT, key: "font_mono" },
] as const;
export const READER_FONTS = [{ value: "inherit", key: "font_inherit" }, ...UI_FONTS] as const;

export const UI_TEXT_SIZES = [12, 13, 14, 15, 16, 17, 18, 20];
export const CONTENT_FONT_SIZES = [12, 14, 15, 16, 17, 18, 20, 22, 24];
export const LINE_HEIGHTS = [1.25, 1.5, 1.75, 2, 2.25];
export const DATE_FORMATS = ["default", "YYYY-MM-DD", "MM/DD/YYYY", "DD/MM/YYYY", "DD.MM.YYYY"];

/** Code themes offered (names of shiki's bundled themes; a test checks they exist). */
export const LIGHT_CODE_THEMES = [
  "github-light",
  "github-light-default",
  "light-plus",
  "min-light",
  "one-light",
  "solarized-light",
  "vitesse-light",
  "catppuccin-latte",
  "rose-pine-dawn",
  "material-theme-lighter",
  "everforest-light",
];
export const DARK_CODE_THEMES = [
  "github-dark",
  "github-dark-default",
  "github-dark-dimmed",
  "dark-plus",
  "dracula",
  "monokai",
  "nord",
  "one-dark-pro",
  "solarized-dark",
  "vitesse-dark",
  "tokyo-night",
  "catppuccin-mocha",
  "rose-pine",
  "night-owl",
  "everforest-dark",
];
