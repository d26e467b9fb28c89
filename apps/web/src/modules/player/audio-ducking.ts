import { playerActions } from "./player.actions.ts";
import { usePlayer } from "./player.store.ts";

const noop = () => {};

/**
 * Pauses the audio player for a video that is about to make sound (spec §4) and returns the way
 * back: calling it resumes the same track, once, unless the person has since closed the player,
 * changed track or started it again themselves. Nothing playing means nothing to resume.
 */
export function suspendAudioForVideo(): () => void {
  const { status, src } = usePlayer.getState();
  if (status === "paused" || !src) return noop;
  playerActions.pause();
  let used = false;
  return () => {
    if (used) return;
    used = true;
    const now = usePlayer.getState();
    if (now.show && now.src === src && now.status === "paused") playerActions.toggle();
  };
}
