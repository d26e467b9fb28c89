import { type RefObject, useCallback, useEffect, useState } from "react";
import { suspendAudioForVideo } from "./audio-ducking.ts";
import { usePlayer } from "./player.store.ts";

/** What the video controls show, read from the element's own events. */
export interface VideoState {
  playing: boolean;
  muted: boolean;
  /** 0…1. */
  volume: number;
  currentTime: number;
  /** Seconds; 0 while unknown. */
  duration: number;
}

/** What the video controls can do to the element. */
export interface VideoCommands {
  toggle: () => void;
  seek: (seconds: number) => void;
  seekBy: (delta: number) => void;
  setVolume: (volume: number) => void;
  toggleMute: () => void;
}

const INITIAL: VideoState = { playing: false, muted: false, volume: 1, currentTime: 0, duration: 0 };

const finiteDuration = (value: number) => (Number.isFinite(value) && value > 0 ? value : 0);

/**
 * Mirrors a `<video>` into React state and keeps the audio player out of its way (spec §4): while
 * the video plays WITH sound the audio player is paused, and it resumes when the video pauses,
 * ends, falls silent or unmounts. A muted video leaves the audio alone. If the audio player is
 * started while the video makes sound, the video pauses: one sound at a time.
 */
export function useVideoState(ref: RefObject<HTMLVideoElement | null>, initiallyMuted: boolean): VideoState & VideoCommands {
  const [state, setState] = useState<VideoState>({ ...INITIAL, muted: initiallyMuted });

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    video.muted = initiallyMuted;
    let resume: (() => void) | null = null;
    const audible = () => !video.paused && !video.ended && !video.muted && video.volume > 0;
    const release = () => {
      const back = resume;
      resume = null;
      back?.();
    };
    const sync = () =>
      setState({
        playing: !video.paused,
        muted: video.muted,
        volume: video.volume,
        currentTime: video.currentTime,
        duration: finiteDuration(video.duration),
      });
    const onSoundChange = () => {
      sync();
      if (audible()) resume ??= suspendAudioForVideo();
      else release();
    };
    const onEnded = () => {
      sync();
      release();
    };
    const sound = ["play", "playing", "pause", "volumechange"] as const;
    const timing = ["timeupdate", "durationchange", "loadedmetadata", "seeked"] as const;
    for (const name of sound) video.addEventListener(name, onSoundChange);
    for (const name of timing) video.addEventListener(name, sync);
    video.addEventListener("ended", onEnded);
    const stopForAudio = usePlayer.subscribe((player, previous) => {
      if (player.status === "paused" || previous.status !== "paused" || !audible()) return;
      resume = null;
      video.pause();
    });
    sync();
    return () => {
      for (const name of sound) video.removeEventListener(name, onSoundChange);
      for (const name of timing) video.removeEventListener(name, sync);
      video.removeEventListener("ended", onEnded);
      stopForAudio();
      release();
    };
  }, [ref, initiallyMuted]);

  const toggle = useCallback(() => {
    const video = ref.current;
    if (!video) return;
    if (video.paused || video.ended) video.play().catch(() => {});
    else video.pause();
  }, [ref]);

  const seek = useCallback(
    (seconds: number) => {
      const video = ref.current;
      if (!video || !Number.isFinite(seconds)) return;
      const max = finiteDuration(video.duration) || Number.POSITIVE_INFINITY;
      video.currentTime = Math.min(max, Math.max(0, seconds));
      setState((previous) => ({ ...previous, currentTime: video.currentTime }));
    },
    [ref],
  );

  const seekBy = useCallback((delta: number) => seek((ref.current?.currentTime ?? 0) + delta), [ref, seek]);

  const setVolume = useCallback(
    (volume: number) => {
      const video = ref.current;
      if (!video || !Number.isFinite(volume)) return;
      video.volume = Math.min(1, Math.max(0, volume));
      if (volume > 0) video.muted = false;
    },
    [ref],
  );

  const toggleMute = useCallback(() => {
    const video = ref.current;
    if (video) video.muted = !video.muted;
  }, [ref]);

  return { ...state, toggle, seek, seekBy, setVolume, toggleMute };
}
