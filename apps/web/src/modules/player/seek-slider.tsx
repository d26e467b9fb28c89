import * as Slider from "@radix-ui/react-slider";
import clsx from "clsx";
import { useState } from "react";
import { formatDuration } from "./duration.ts";

interface SeekSliderProps {
  /** Seconds played. */
  current: number;
  /** Seconds in all; 0 while unknown, which disables seeking. */
  duration: number;
  onSeek: (seconds: number) => void;
  label: string;
  tone?: "surface" | "overlay";
  className?: string;
  /** How the position reads to a screen reader; default "1:05 / 3:20". */
  valueText?: (value: number, duration: number) => string;
}

/**
 * The position bar of both players. While the thumb is dragged it shows the dragged time and
 * seeks once, on release, instead of reloading the media at every pixel.
 */
export function SeekSlider({ current, duration, onSeek, label, tone = "surface", className, valueText }: SeekSliderProps) {
  const [dragging, setDragging] = useState<number | null>(null);
  const max = duration > 0 ? duration : 1;
  const value = Math.min(max, Math.max(0, dragging ?? current));
  return (
    <Slider.Root
      className={clsx("group relative flex h-4 touch-none items-center select-none", className)}
      min={0}
      max={max}
      step={1}
      value={[value]}
      disabled={duration <= 0}
      onValueChange={([next]) => setDragging(next ?? null)}
      onValueCommit={([next]) => {
        setDragging(null);
        if (next !== undefined) onSeek(next);
      }}
    >
      <Slider.Track
        className={clsx("relative h-1 grow overflow-hidden rounded-full", tone === "surface" ? "bg-zinc-200 dark:bg-zinc-700" : "bg-white/30")}
      >
        <Slider.Range className="absolute h-full rounded-full bg-orange-500" />
      </Slider.Track>
      <Slider.Thumb
        aria-label={label}
        aria-valuetext={valueText ? valueText(value, duration) : `${formatDuration(value)} / ${formatDuration(duration)}`}
        className="block size-3 rounded-full bg-orange-500 opacity-0 shadow ring-2 ring-white transition-opacity group-hover:opacity-100 focus-visible:opacity-100 focus-visible:outline-none dark:ring-zinc-900"
      />
    </Slider.Root>
  );
}
