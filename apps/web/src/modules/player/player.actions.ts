import { isLoaded, load, peekAudio } from "./audio-element.ts";
import { parseDuration } from "./duration.ts";
import { usePlayer } from "./player.store.ts";

/** What a list item or the reader hands over to start a track. */
export interface PlayInput {
  src: string;
  entryId: string;
  title?: string | null;
  feedTitle?: string | null;
  image?: string | null;
  listId?: string | null;
  /** The attachment's duration (seconds or an iTunes time string), shown until the file says. */
  duration?: number | string | null;
}

/** Speeds offered by the rate menu. */
export const PLAYBACK_RATES = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2, 2.5, 3] as const;
/** The bar's skip buttons: back a little to catch a missed phrase, forward more to skip ahead. */
export const SKIP_BACK_SECONDS = 10;
export const SKIP_FORWARD_SECONDS = 30;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Starts (or resumes) the track in the store, from its stored time. */
function start(): void {
  const { src, currentTime } = usePlayer.getState();
  if (!src) return;
  const element = load(src, currentTime);
  usePlayer.setState({ show: true, status: "loading" });
  element.play().catch((error: unknown) => {
    // A newer load interrupted this one; that load reports for itself.
    if (error instanceof DOMException && error.name === "AbortError") return;
    usePlayer.setState({ status: "paused" });
  });
}

/**
 * The audio player's actions (spec §4 "Audio status"). They drive the one audio element; its
 * events then confirm the status (loading → playing once sound starts, paused on pause).
 */
export const playerActions = {
  /** Plays an entry's audio: a new track starts from 0, the current one resumes where it was. */
  play(input: PlayInput): void {
    const state = usePlayer.getState();
    const meta = {
      entryId: input.entryId,
      title: input.title ?? null,
      feedTitle: input.feedTitle ?? null,
      image: input.image ?? null,
      listId: input.listId ?? null,
    };
    if (state.src === input.src) {
      usePlayer.setState({ ...meta, show: true });
      if (state.status === "paused") start();
      return;
    }
    usePlayer.setState({ ...meta, src: input.src, currentTime: 0, duration: parseDuration(input.duration) ?? 0 });
    start();
  },

  /** Play ↔ pause for the current track. */
  toggle(): void {
    const { status, src } = usePlayer.getState();
    if (!src) return;
    if (status === "paused") start();
    else playerActions.pause();
  },

  pause(): void {
    const element = peekAudio();
    element?.pause();
    const { src } = usePlayer.getState();
    const currentTime = element && src && isLoaded(src) ? element.currentTime : usePlayer.getState().currentTime;
    usePlayer.setState({ status: "paused", currentTime });
  },

  /** Jumps to `seconds`, kept between 0 and the duration when the duration is known. */
  seek(seconds: number): void {
    const { src, duration } = usePlayer.getState();
    if (!src || !Number.isFinite(seconds)) return;
    const target = clamp(seconds, 0, duration > 0 ? duration : Number.POSITIVE_INFINITY);
    const element = peekAudio();
    if (element && isLoaded(src)) element.currentTime = target;
    usePlayer.setState({ currentTime: target });
  },

  /** Skips by `delta` seconds (negative goes back), with the clamping of `seek`. */
  seekBy(delta: number): void {
    const element = peekAudio();
    const { src, currentTime } = usePlayer.getState();
    // The element is ahead of the once-a-second store time; skip from where the sound really is.
    const now = element && src && isLoaded(src) ? element.currentTime : currentTime;
    playerActions.seek(now + delta);
  },

  setRate(rate: number): void {
    if (!Number.isFinite(rate) || rate <= 0) return;
    usePlayer.setState({ playbackRate: rate });
  },

  /** Sets the volume (0…1); raising it above 0 also unmutes, as people expect of a slider. */
  setVolume(volume: number): void {
    if (!Number.isFinite(volume)) return;
    const next = clamp(volume, 0, 1);
    usePlayer.setState((state) => ({ volume: next, muted: next > 0 ? false : state.muted }));
  },

  toggleMute(): void {
    usePlayer.setState((state) => ({ muted: !state.muted }));
  },

  /** Hides the bar and pauses; the track stays, so its cover can resume it. */
  close(): void {
    playerActions.pause();
    usePlayer.setState({ show: false });
  },
};

/**
 * Play/pause for the global Space shortcut (spec §2, reference §7): does something only while
 * the bar is shown, and says whether it did, so the caller can `preventDefault` only then.
 */
export function togglePlayback(): boolean {
  const { show, src } = usePlayer.getState();
  if (!show || !src) return false;
  playerActions.toggle();
  return true;
}
