import { RotateCcw, RotateCw } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ControlButton } from "./control-button.tsx";
import { PlayPauseIcon } from "./play-pause-icon.tsx";
import { SKIP_BACK_SECONDS, SKIP_FORWARD_SECONDS, playerActions } from "./player.actions.ts";
import { usePlayer } from "./player.store.ts";
import { RateMenu } from "./rate-menu.tsx";
import { VolumeControl } from "./volume-control.tsx";

/** Skip back, play/pause, skip forward, speed and volume. */
export function PlayerControls() {
  const { t } = useTranslation("app");
  const status = usePlayer((state) => state.status);
  const volume = usePlayer((state) => state.volume);
  const muted = usePlayer((state) => state.muted);
  return (
    <div className="flex items-center justify-between gap-1">
      <div className="flex items-center gap-0.5">
        <ControlButton label={t("player.back", { seconds: SKIP_BACK_SECONDS })} onClick={() => playerActions.seekBy(-SKIP_BACK_SECONDS)}>
          <RotateCcw className="size-4" aria-hidden />
        </ControlButton>
        <button
          type="button"
          aria-label={status === "paused" ? t("player.play") : t("player.pause")}
          title={status === "paused" ? t("player.play") : t("player.pause")}
          onClick={playerActions.toggle}
          className="inline-flex size-8 items-center justify-center rounded-full bg-orange-500 text-white shadow-sm transition-colors hover:bg-orange-600 focus-visible:ring-2 focus-visible:ring-orange-500 focus-visible:ring-offset-2 focus-visible:outline-none dark:focus-visible:ring-offset-zinc-900"
        >
          <PlayPauseIcon status={status} className="size-4" />
        </button>
        <ControlButton
          label={t("player.forward", { seconds: SKIP_FORWARD_SECONDS })}
          onClick={() => playerActions.seekBy(SKIP_FORWARD_SECONDS)}
        >
          <RotateCw className="size-4" aria-hidden />
        </ControlButton>
      </div>
      <div className="flex items-center gap-0.5">
        <RateMenu />
        <VolumeControl volume={volume} muted={muted} onVolume={playerActions.setVolume} onToggleMute={playerActions.toggleMute} />
      </div>
    </div>
  );
}
