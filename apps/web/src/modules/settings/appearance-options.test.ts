import { bundledThemes } from "shiki/themes";
import { describe, expect, it } from "vitest";
import { DEFAULT_SANS_FONT, defaultDiscoverLanguage, GENERAL_DEFAULTS, UI_DEFAULTS } from "../../store/settings-defaults.ts";
import { DARK_CODE_THEMES, LIGHT_CODE_THEMES, UI_FONTS } from "./appearance-options.ts";

describe("appearance options", () => {
  it("offers only code themes shiki bundles, including the defaults", () => {
    for (const name of [...LIGHT_CODE_THEMES, ...DARK_CODE_THEMES]) expect(bundledThemes, name).toHaveProperty(name);
    expect(LIGHT_CODE_THEMES).toContain(UI_DEFAULTS.codeHighlightThemeLight);
    expect(DARK_CODE_THEMES).toContain(UI_DEFAULTS.codeHighlightThemeDark);
  });

  it("offers the default interface font", () => {
    expect(UI_FONTS.map((font) => font.value)).toContain(UI_DEFAULTS.uiFontFamily);
  });
});

describe("settings defaults (spec §3)", () => {
  it("match the specification", () => {
    expect(GENERAL_DEFAULTS).toMatchObject({
      appLaunchOnStartup: false, language: "en", translation: false, translationMode: "bilingual", summary: true, actionLanguage: "default",
      startupScreen: "timeline", dataPersist: true, sendAnonymousData: true, showQuickTimeline: true, autoGroup: true, hideAllReadSubscriptions: false,
      hidePrivateSubscriptionsInTimeline: false, unreadOnly: true, scrollMarkUnread: true, hoverMarkUnread: true, renderMarkUnread: false, groupByDate: true,
      autoExpandLongSocialMedia: false, jumpOutLinkWarn: true, voice: "en-US-AndrewMultilingualNeural", enhancedSettings: false, openLinksInExternalApp: false,
    });
    expect(UI_DEFAULTS).toMatchObject({
      entryColWidth: 356, feedColWidth: 256, hideExtraBadge: false, opaqueSidebar: false, sidebarShowUnreadCount: true, thumbnailRatio: "square",
      uiTextSize: 16, showDockBadge: true, modalOverlay: true, modalDraggable: true, reduceMotion: false, usePointerCursor: false,
      uiFontFamily: DEFAULT_SANS_FONT, readerFontFamily: "inherit", contentFontSize: 16, dateFormat: "default", contentLineHeight: 1.75,
      readerRenderInlineStyle: true, codeHighlightThemeLight: "github-light", codeHighlightThemeDark: "github-dark", guessCodeLanguage: true,
      hideRecentReader: false, customCSS: "", pictureViewMasonry: true, wideMode: false, showUnreadCountViewAndSubscriptionMobile: false,
      showUnreadCountBadgeMobile: false,
    });
    expect(DEFAULT_SANS_FONT).toMatch(/sans-serif$/);
  });

  it("lists every discover language for Chinese locales, English ones otherwise", () => {
    expect(defaultDiscoverLanguage(["zh-CN", "en"])).toBe("all");
    expect(defaultDiscoverLanguage(["zh-TW"])).toBe("all");
    expect(defaultDiscoverLanguage(["ja", "zh-CN"])).toBe("eng");
    expect(defaultDiscoverLanguage([])).toBe("eng");
  });
});
