import { useTranslation } from "react-i18next";
import { formatDuration } from "./duration.ts";
import { playerActions } from "./player.actions.ts";
import { usePlayer } from "./player.store.ts";
import { SeekSlider } from "./seek-slider.tsx";

/** The bar's seek slider and times; the only part that re-renders on the once-a-second tick. */
export function PlayerProgress() {
  const { t } = useTranslation("app");
  const currentTime = usePlayer((state) => state.currentTime);
  const duration = usePlayer((state) => state.duration);
  return (
    <div>
      <SeekSlider current={currentTime} duration={duration} onSeek={playerActions.seek} label={t("player.seek")} />
      <div className="flex justify-between text-[11px] text-zinc-500 tabular-nums dark:text-zinc-400">
        <span data-testid="player-current-time">{formatDuration(currentTime)}</span>
        <span data-testid="player-duration">{duration > 0 ? formatDuration(duration) : "--:--"}</span>
      </div>
    </div>
  );
}
