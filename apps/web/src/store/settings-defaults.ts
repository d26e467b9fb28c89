/** Settings and their defaults (spec §3). */

/** "A default sans font": the device's own interface font. */
export const DEFAULT_SANS_FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", sans-serif';

/** Discover lists every language for readers of Chinese, English ones for everyone else (spec §3). */
export function defaultDiscoverLanguage(languages: readonly string[] = typeof navigator === "undefined" ? [] : navigator.languages ?? []): "all" | "eng" {
  return languages[0]?.toLowerCase().startsWith("zh") ? "all" : "eng";
}

export const GENERAL_DEFAULTS = {
  appLaunchOnStartup: false,
  language: "en",
  translation: false,
  /** How a translated entry reads: the translation with a way back to the original, or each paragraph followed by its translation. */
  translationMode: "bilingual" as "bilingual" | "immersive",
  summary: true,
  actionLanguage: "default",
  startupScreen: "timeline" as "timeline" | "subscription",
  dataPersist: true,
  sendAnonymousData: true,
  showQuickTimeline: true,
  autoGroup: true,
  hideAllReadSubscriptions: false,
  hidePrivateSubscriptionsInTimeline: false,
  unreadOnly: true,
  scrollMarkUnread: true,
  hoverMarkUnread: true,
  renderMarkUnread: false,
  groupByDate: true,
  autoExpandLongSocialMedia: false,
  jumpOutLinkWarn: true,
  voice: "en-US-AndrewMultilingualNeural",
  enhancedSettings: false,
  openLinksInExternalApp: false,
  /** New-entry notifications on this device (asks the browser's permission when turned on). */
  notificationsEnabled: false,
  /** Views whose new entries notify (view numbers, spec §1). */
  notificationsViews: [5] as number[],
};

export const UI_DEFAULTS = {
  entryColWidth: 356,
  feedColWidth: 256,
  hideExtraBadge: false,
  opaqueSidebar: false,
  sidebarShowUnreadCount: true,
  thumbnailRatio: "square" as "square" | "original",
  uiTextSize: 16,
  showDockBadge: true,
  modalOverlay: true,
  modalDraggable: true,
  reduceMotion: false,
  usePointerCursor: false,
  uiFontFamily: DEFAULT_SANS_FONT,
  readerFontFamily: "inherit",
  contentFontSize: 16,
  dateFormat: "default",
  contentLineHeight: 1.75,
  readerRenderInlineStyle: true,
  codeHighlightThemeLight: "github-light",
  codeHighlightThemeDark: "github-dark",
  guessCodeLanguage: true,
  hideRecentReader: false,
  customCSS: "",
  pictureViewMasonry: true,
  wideMode: false,
  toolbarOrder: {
    main: ["read", "star", "aiSummary", "readability", "sourceContent", "share"],
    more: [] as string[],
  },
  showUnreadCountViewAndSubscriptionMobile: false,
  showUnreadCountBadgeMobile: false,
  discoverLanguage: defaultDiscoverLanguage() as "all" | "eng",
};

export type GeneralSettings = typeof GENERAL_DEFAULTS;
export type UISettings = typeof UI_DEFAULTS;

/**
 * Settings that only apply when enhancedSettings is on (spec §4); otherwise their defaults do.
 */
export const ENHANCED_GENERAL_KEYS = ["groupByDate", "autoExpandLongSocialMedia"] as const;
export const ENHANCED_UI_KEYS = [
  "hideExtraBadge",
  "codeHighlightThemeLight",
  "codeHighlightThemeDark",
  "dateFormat",
  "readerRenderInlineStyle",
  "modalOverlay",
  "reduceMotion",
  "usePointerCursor",
  "opaqueSidebar",
] as const;
