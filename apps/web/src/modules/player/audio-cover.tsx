import clsx from "clsx";
import type { MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { CoverImage } from "./cover-image.tsx";
import { PlayPauseIcon } from "./play-pause-icon.tsx";
import { type PlayInput, playerActions } from "./player.actions.ts";
import { usePlayer } from "./player.store.ts";

export interface AudioCoverProps extends PlayInput {
  /** The cover picture; a placeholder shows without one. */
  image?: string | null;
  /** Size and rounding; defaults to the 80 px list thumbnail (reference §7). */
  className?: string;
}

/**
 * An entry's cover with a play button over it, for Articles and Audios list items (reference §7).
 * It plays the entry in the floating player, and shows pause while that entry is the one playing.
 * Clicks stop here, so the list item around it does not also open the entry.
 */
export function AudioCover({ className, ...input }: AudioCoverProps) {
  const { t } = useTranslation("app");
  const status = usePlayer((state) => (state.src === input.src && state.entryId === input.entryId ? state.status : "paused"));
  const active = status !== "paused";
  const onClick = (event: MouseEvent) => {
    event.preventDefault();
    event.stopPropagation();
    if (active) playerActions.pause();
    else playerActions.play(input);
  };
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={active ? t("player.pause") : t("player.play")}
      title={input.title ?? undefined}
      className={clsx(
        "group/cover relative shrink-0 overflow-hidden rounded-md focus-visible:ring-2 focus-visible:ring-orange-500 focus-visible:outline-none",
        className ?? "size-20",
      )}
    >
      <CoverImage image={input.image} className="size-full" />
      <span
        className={clsx(
          "absolute inset-0 flex items-center justify-center bg-black/30 transition-opacity",
          active ? "opacity-100" : "opacity-0 group-hover/cover:opacity-100 group-focus-visible/cover:opacity-100",
        )}
      >
        <span className="flex size-8 items-center justify-center rounded-full bg-white/90 text-zinc-900 shadow">
          <PlayPauseIcon status={status} className="size-4" />
        </span>
      </span>
    </button>
  );
}
