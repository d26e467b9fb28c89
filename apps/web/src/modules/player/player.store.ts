import { create } from "zustand";
import { storage } from "../../lib/storage.ts";

/** Where the audio player is in its life (spec §4 "Audio status"). */
export type PlayerStatus = "loading" | "playing" | "paused";

/** The floating audio player's state (spec §3 "Audio player state"), one for the whole app. */
export interface PlayerState {
  /** Whether the floating bar is on screen; closing hides it but keeps the track. */
  show: boolean;
  src: string | null;
  entryId: string | null;
  title: string | null;
  feedTitle: string | null;
  image: string | null;
  /** The list the entry was played from, when it was played inside a list timeline. */
  listId: string | null;
  status: PlayerStatus;
  /** Seconds, refreshed once a second while playing (spec §9), not on every frame. */
  currentTime: number;
  /** Seconds; 0 while unknown. */
  duration: number;
  /** 0…1. */
  volume: number;
  playbackRate: number;
  muted: boolean;
}

/** Spec §9: default volume 0.8, rate 1. */
export const DEFAULT_VOLUME = 0.8;
export const DEFAULT_RATE = 1;

/** Local-storage name of the persisted player (prefixed by `lib/storage`). */
export const PLAYER_STORAGE_KEY = "player";

export const INITIAL_PLAYER_STATE: PlayerState = {
  show: false,
  src: null,
  entryId: null,
  title: null,
  feedTitle: null,
  image: null,
  listId: null,
  status: "paused",
  currentTime: 0,
  duration: 0,
  volume: DEFAULT_VOLUME,
  playbackRate: DEFAULT_RATE,
  muted: false,
};

const finiteOr = (value: unknown, fallback: number) => (typeof value === "number" && Number.isFinite(value) ? value : fallback);

/**
 * The persisted player, as it was at the end of the last visit, with its status forced to paused
 * (spec §4): nothing plays by itself after a reload, but the bar comes back where it was.
 */
export function restorePlayerState(): PlayerState {
  try {
    const stored = storage.get(PLAYER_STORAGE_KEY);
    if (!stored) return { ...INITIAL_PLAYER_STATE };
    const saved = JSON.parse(stored) as Partial<PlayerState>;
    const state = { ...INITIAL_PLAYER_STATE, ...saved, status: "paused" as const };
    state.volume = Math.min(1, Math.max(0, finiteOr(saved.volume, DEFAULT_VOLUME)));
    state.playbackRate = finiteOr(saved.playbackRate, DEFAULT_RATE) || DEFAULT_RATE;
    state.currentTime = Math.max(0, finiteOr(saved.currentTime, 0));
    state.duration = Math.max(0, finiteOr(saved.duration, 0));
    if (!state.src) state.show = false;
    return state;
  } catch {
    return { ...INITIAL_PLAYER_STATE };
  }
}

/**
 * The audio player's store. Components read it through selectors (`usePlayer(s => s.status)`) so
 * the once-a-second time tick re-renders only what shows the time.
 */
export const usePlayer = create<PlayerState>(() => restorePlayerState());

// Every change is written through, so a reload finds the same track at the same second.
usePlayer.subscribe((state) => storage.set(PLAYER_STORAGE_KEY, JSON.stringify(state)));
