import clsx from "clsx";
import { LoaderCircle, Pause, Play } from "lucide-react";
import type { PlayerStatus } from "./player.store.ts";

/** Play, pause, or a spinner while the sound is on its way (spec §4 "loading"). */
export function PlayPauseIcon({ status, className }: { status: PlayerStatus; className?: string }) {
  if (status === "loading") return <LoaderCircle className={clsx("animate-spin", className)} aria-hidden />;
  if (status === "playing") return <Pause className={clsx("fill-current", className)} aria-hidden />;
  return <Play className={clsx("fill-current", className)} aria-hidden />;
}
