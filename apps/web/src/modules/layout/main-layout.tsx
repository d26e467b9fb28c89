import { useQuery } from "@tanstack/react-query";
import clsx from "clsx";
import { Outlet } from "react-router";
import { ResizeHandle } from "../../components/resize-handle.tsx";
import { useIsMobile } from "../../lib/media.ts";
import { sessionQuery } from "../../queries/session.ts";
import { useLayout, layoutActions } from "../../store/layout.store.ts";
import { settingsActions, useUISetting } from "../../store/settings.store.ts";
import { UI_DEFAULTS } from "../../store/settings-defaults.ts";
import { RequireSession } from "../auth/index.ts";
import { useRemoveSkeleton } from "../errors/index.ts";
import { ModalStack } from "../modal/index.ts";
import { NewUserGuide } from "../onboarding/index.ts";
import { PlayerBar } from "../player/index.ts";
import { ImageGalleryHost } from "../renderer/index.ts";
import { SpeechPlayer } from "../speech/index.ts";
import { GlobalShortcuts } from "./global-shortcuts.tsx";
import { Sidebar } from "./sidebar.tsx";
import { useAppBoot } from "./use-app-boot.ts";
import { useTranslation } from "react-i18next";

export const FEED_COLUMN_MIN = 200;
export const FEED_COLUMN_MAX = 400;

/** The signed-in app: subscription column on the left (resizable, hideable), the routed page beside it. */
export function MainLayout() {
  useRemoveSkeleton();
  return (
    <RequireSession>
      <SignedIn />
    </RequireSession>
  );
}

function SignedIn() {
  const { data: session } = useQuery(sessionQuery);
  const ready = useAppBoot(session!.user.id);
  if (!ready) return null;
  return (
    <>
      <Shell />
      <PlayerBar />
      <SpeechPlayer />
      <ModalStack />
      {/* The viewer the "Image gallery" entry action opens, wherever the entry is. */}
      <ImageGalleryHost />
      <GlobalShortcuts />
      <NewUserGuide />
    </>
  );
}

function Shell() {
  const { t } = useTranslation("app");
  const mobile = useIsMobile();
  const { subscriptionColumnHidden, zen, drawerOpen } = useLayout();
  const width = useUISetting("feedColWidth");
  const showColumn = !mobile && !zen && !subscriptionColumnHidden;
  return (
    <div className="flex h-dvh overflow-hidden bg-white text-zinc-900 dark:bg-zinc-950 dark:text-zinc-100">
      {showColumn ? (
        <div className="relative shrink-0" style={{ width }}>
          <Sidebar />
          <ResizeHandle
            width={width}
            min={FEED_COLUMN_MIN}
            max={FEED_COLUMN_MAX}
            label={t("layout.resize_subscriptions")}
            onResize={(feedColWidth) => settingsActions.setUI({ feedColWidth })}
            onReset={() => settingsActions.setUI({ feedColWidth: UI_DEFAULTS.feedColWidth })}
          />
        </div>
      ) : null}
      {mobile && drawerOpen ? (
        <div className="fixed inset-0 z-40 flex" role="presentation">
          <div className="h-full w-[min(85vw,320px)] shadow-xl">
            <Sidebar />
          </div>
          <button type="button" aria-label={t("modal.close")} className="flex-1 bg-black/30" onClick={() => layoutActions.setDrawer(false)} />
        </div>
      ) : null}
      <main className={clsx("min-w-0 flex-1")}>
        <Outlet />
      </main>
    </div>
  );
}
