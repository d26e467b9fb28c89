/** Settings and their defaults (spec §3). */
export const GENERAL_DEFAULTS = {
  appLaunchOnStartup: false,
  language: "en",
  translation: false,
  translationMode: "bilingual" as "bilingual" | "translation-only",
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
  uiFontFamily: "system-ui",
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
