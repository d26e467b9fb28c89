import { afterEach, beforeEach, describe, expect, it } from "vitest";
import indexHtml from "../../../index.html?raw";
import { setColorMode, THEME_COLORS } from "./color-mode.ts";

const themeColors = () => [...document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')].map((meta) => meta.content);

beforeEach(() => {
  // As index.html has them: one colour per device scheme.
  document.head.innerHTML = `<meta name="theme-color" content="#ffffff" media="(prefers-color-scheme: light)"><meta name="theme-color" content="#09090b" media="(prefers-color-scheme: dark)">`;
});
afterEach(() => {
  document.head.innerHTML = "";
  document.documentElement.className = "";
});

describe("setColorMode", () => {
  it("gives the installed app's title bar the colour of the chosen mode, whatever the device's scheme", () => {
    setColorMode("dark");
    expect(document.documentElement.classList.contains("dark")).toBe(true);
    expect(themeColors()).toEqual([THEME_COLORS.dark, THEME_COLORS.dark]);
    setColorMode("light");
    expect(themeColors()).toEqual([THEME_COLORS.light, THEME_COLORS.light]);
  });

  it("keeps index.html's colours in step with the modes", () => {
    expect(indexHtml).toContain(`<meta name="theme-color" content="${THEME_COLORS.light}" media="(prefers-color-scheme: light)" />`);
    expect(indexHtml).toContain(`<meta name="theme-color" content="${THEME_COLORS.dark}" media="(prefers-color-scheme: dark)" />`);
  });
});
