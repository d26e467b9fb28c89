import clsx from "clsx";
import { X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ControlButton } from "./control-button.tsx";
import { CoverImage } from "./cover-image.tsx";
import { playerActions } from "./player.actions.ts";
import { usePlayer } from "./player.store.ts";
import { PlayerControls } from "./player-controls.tsx";
import { PlayerProgress } from "./player-progress.tsx";

/**
 * The floating audio player (spec §1): bottom-left, above the page but below modals (z-40), so a
 * podcast keeps playing and stays in reach while the reader moves between timelines. Renders
 * nothing while hidden. `className` lets the shell adjust placement.
 */
export function PlayerBar({ className }: { className?: string }) {
  const { t } = useTranslation("app");
  const visible = usePlayer((state) => state.show && state.src !== null);
  const title = usePlayer((state) => state.title);
  const feedTitle = usePlayer((state) => state.feedTitle);
  const image = usePlayer((state) => state.image);
  if (!visible) return null;
  return (
    <section
      aria-label={t("player.region")}
      className={clsx(
        "fixed bottom-4 left-4 z-40 w-72 space-y-1.5 rounded-xl border border-zinc-200 bg-white/95 p-2.5 text-zinc-900 shadow-lg backdrop-blur dark:border-zinc-700 dark:bg-zinc-900/95 dark:text-zinc-100",
        className,
      )}
    >
      <div className="flex items-center gap-2.5">
        <CoverImage image={image} className="size-10 rounded-md" />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm leading-tight font-medium" title={title ?? undefined}>
            {title || t("player.untitled")}
          </p>
          {feedTitle && <p className="truncate text-xs text-zinc-500 dark:text-zinc-400">{feedTitle}</p>}
        </div>
        <ControlButton label={t("player.close")} onClick={playerActions.close} className="self-start p-1">
          <X className="size-3.5" aria-hidden />
        </ControlButton>
      </div>
      <PlayerProgress />
      <PlayerControls />
    </section>
  );
}
