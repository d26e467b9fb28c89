import clsx from "clsx";
import { Download, Maximize, Minimize, Pause, Play } from "lucide-react";
import type { Ref } from "react";
import { useTranslation } from "react-i18next";
import { ControlButton } from "./control-button.tsx";
import { formatDuration } from "./duration.ts";
import { SeekSlider } from "./seek-slider.tsx";
import type { VideoCommands, VideoState } from "./use-video-state.ts";
import { VolumeControl } from "./volume-control.tsx";

interface VideoControlsProps {
  video: VideoState & VideoCommands;
  src: string;
  fullscreen: boolean;
  onToggleFullscreen: () => void;
  /** The download link, so the `d` key can click it. */
  downloadRef: Ref<HTMLAnchorElement>;
  /** Keep the controls on screen (paused, hovered or focused). */
  visible: boolean;
}

const overlayLink =
  "inline-flex shrink-0 items-center justify-center rounded-md p-1.5 text-white/90 transition-colors hover:bg-white/15 hover:text-white focus-visible:ring-2 focus-visible:ring-orange-500 focus-visible:outline-none";

/** The video's control strip (spec §2): play/pause, mute, volume, seek, time, download, full screen. */
export function VideoControls({ video, src, fullscreen, onToggleFullscreen, downloadRef, visible }: VideoControlsProps) {
  const { t } = useTranslation("app");
  return (
    <div
      className={clsx(
        "absolute inset-x-0 bottom-0 bg-linear-to-t from-black/75 via-black/40 to-transparent px-3 pt-8 pb-2 text-white transition-opacity duration-200",
        visible ? "opacity-100" : "opacity-0 focus-within:opacity-100",
      )}
    >
      <SeekSlider current={video.currentTime} duration={video.duration} onSeek={video.seek} label={t("player.seek")} tone="overlay" />
      <div className="mt-1 flex items-center gap-1">
        <ControlButton label={video.playing ? t("player.pause") : t("player.play")} onClick={video.toggle} tone="overlay">
          {video.playing ? <Pause className="size-4 fill-current" aria-hidden /> : <Play className="size-4 fill-current" aria-hidden />}
        </ControlButton>
        <VolumeControl volume={video.volume} muted={video.muted} onVolume={video.setVolume} onToggleMute={video.toggleMute} tone="overlay" />
        <span className="ml-1 text-xs text-white/85 tabular-nums" data-testid="video-time">
          {formatDuration(video.currentTime)} / {video.duration > 0 ? formatDuration(video.duration) : "--:--"}
        </span>
        <span className="flex-1" />
        <a
          ref={downloadRef}
          href={src}
          download
          target="_blank"
          rel="noreferrer"
          aria-label={t("player.download")}
          title={t("player.download")}
          className={overlayLink}
        >
          <Download className="size-4" aria-hidden />
        </a>
        <ControlButton label={fullscreen ? t("player.exit_fullscreen") : t("player.fullscreen")} onClick={onToggleFullscreen} tone="overlay">
          {fullscreen ? <Minimize className="size-4" aria-hidden /> : <Maximize className="size-4" aria-hidden />}
        </ControlButton>
      </div>
    </div>
  );
}
