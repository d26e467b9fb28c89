import * as Slider from "@radix-ui/react-slider";
import clsx from "clsx";
import { Volume1, Volume2, VolumeX } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ControlButton } from "./control-button.tsx";

interface VolumeControlProps {
  /** 0…1. */
  volume: number;
  muted: boolean;
  onVolume: (volume: number) => void;
  onToggleMute: () => void;
  tone?: "surface" | "overlay";
}

/** Mute button and volume slider, shared by the audio bar and the video controls. */
export function VolumeControl({ volume, muted, onVolume, onToggleMute, tone = "surface" }: VolumeControlProps) {
  const { t } = useTranslation("app");
  const silent = muted || volume === 0;
  const Icon = silent ? VolumeX : volume < 0.5 ? Volume1 : Volume2;
  return (
    <div className="flex items-center gap-1">
      <ControlButton label={muted ? t("player.unmute") : t("player.mute")} onClick={onToggleMute} tone={tone}>
        <Icon className="size-4" aria-hidden />
      </ControlButton>
      <Slider.Root
        className="relative flex h-4 w-16 touch-none items-center select-none"
        min={0}
        max={100}
        step={5}
        value={[silent ? 0 : Math.round(volume * 100)]}
        onValueChange={([next]) => next !== undefined && onVolume(next / 100)}
      >
        <Slider.Track className={clsx("relative h-1 grow overflow-hidden rounded-full", tone === "surface" ? "bg-zinc-200 dark:bg-zinc-700" : "bg-white/30")}>
          <Slider.Range className={clsx("absolute h-full rounded-full", tone === "surface" ? "bg-zinc-500 dark:bg-zinc-300" : "bg-white")} />
        </Slider.Track>
        <Slider.Thumb
          aria-label={t("player.volume")}
          className="block size-2.5 rounded-full bg-white shadow ring-1 ring-zinc-400 focus-visible:ring-2 focus-visible:ring-orange-500 focus-visible:outline-none"
        />
      </Slider.Root>
    </div>
  );
}
