import { FEED_VIEWS } from "@tidings/contracts";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { settingsActions, useSettings } from "../../store/settings.store.ts";
import { layoutActions } from "../../store/layout.store.ts";
import { openQuickAdd } from "../follow/index.ts";
import { focusArea, toggleShortcutsGuide, useHotkey } from "../hotkeys/index.ts";
import { togglePlayback } from "../player/index.ts";
import { toggleSearch } from "../search/index.ts";
import { parseTimelineId } from "../timeline/index.ts";

/** The shortcuts that work everywhere in the signed-in app (spec §2: layout, views, global). */
export function GlobalShortcuts() {
  const { t } = useTranslation("app");
  const navigate = useNavigate();
  const { timelineId } = useParams();
  const view = parseTimelineId(timelineId) ?? 0;
  const wideMode = useSettings((state) => state.ui.wideMode);

  useHotkey("layout.toggleSubscriptionColumn", () => layoutActions.toggleSubscriptionColumn());
  useHotkey("layout.toggleWideMode", () => settingsActions.setUI({ wideMode: !wideMode }));
  useHotkey("layout.toggleZenMode", () => layoutActions.toggleZen());
  useHotkey("layout.focusSubscription", () => focusArea("subscription-list"));
  useHotkey("layout.focusTimeline", () => focusArea("timeline"));
  useHotkey("layout.focusEntry", () => focusArea("entry-render"));
  useHotkey("global.showShortcuts", () => toggleShortcutsGuide(t("layout.shortcuts_title")));
  // Space belongs to the player only while one is shown; otherwise the page scrolls as usual.
  useHotkey("global.togglePlay", () => togglePlayback());
  useHotkey("global.quickAdd", () => openQuickAdd({ view }));
  useHotkey("global.settings", () => void navigate("/settings"));
  useHotkey("global.discover", () => void navigate("/discover"));
  useHotkey("global.search", () => toggleSearch());
  useHotkey("subscription.switchTab", (event) => {
    const next = Number(event.key) - 1;
    if (!FEED_VIEWS.includes(next as never)) return false;
    void navigate(`/timeline/view-${next}/all`);
  });
  const cycle = (step: number) => void navigate(`/timeline/view-${(view + step + FEED_VIEWS.length) % FEED_VIEWS.length}/all`);
  useHotkey("subscription.nextTab", () => cycle(1));
  useHotkey("subscription.previousTab", () => cycle(-1));
  return null;
}
